import { Suspense } from 'react';
import { act, render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { lazyScreen } from './lazy-screen.ts';

const Hello = ({ name }: { name: string }) => <p>Hello {name}</p>;

it('renders a preloaded screen in the first render, without its fallback', async () => {
  const Screen = lazyScreen(() => Promise.resolve({ default: Hello }));
  await Screen.preload();
  render(
    <Suspense fallback={<p>Loading...</p>}>
      <Screen name="Ada" />
    </Suspense>,
  );
  // Synchronously: no turn of "Loading..." first.
  expect(screen.getByText('Hello Ada')).toBeVisible();
  expect(screen.queryByText('Loading...')).toBeNull();
});

it('loads on first render as React.lazy does when it was not preloaded', async () => {
  const Screen = lazyScreen(() => Promise.resolve({ default: Hello }));
  render(
    <Suspense fallback={<p>Loading...</p>}>
      <Screen name="Bola" />
    </Suspense>,
  );
  expect(screen.getByText('Loading...')).toBeVisible();
  await act(async () => {});
  expect(await screen.findByText('Hello Bola')).toBeVisible();
});
