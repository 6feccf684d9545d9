import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, expect, it } from 'vitest';
import { cart, useCart } from './cart.ts';
import { firstName, useSession } from './session.ts';
import { KEYS } from './storage-keys.ts';

// What the header shows of the visitor's own state: their name and their cart. The server renders it as a guest's.
let renders = 0;
function Greeting() {
  renders += 1;
  const session = useSession();
  const items = useCart();
  return (
    <p>
      {session.name ? `Welcome back, ${firstName(session.name)}!` : 'Welcome, guest'} · Cart: {items.length}
    </p>
  );
}

/** The server's HTML of `Greeting`, hydrated in this document; answers the text shown once React settles. */
async function hydrate(): Promise<string> {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Greeting />);
  document.body.append(container);
  renders = 0;
  await act(async () => {
    hydrateRoot(container, <Greeting />);
  });
  return container.textContent ?? '';
}

/** A token whose payload expires in an hour (the signature is never checked in the browser). */
const token = () =>
  ['e30', btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600 })), 'sig'].join('.');

afterEach(() => {
  localStorage.clear();
  cart.reload();
  document.body.innerHTML = '';
});

it("a guest's page is hydrated in one render: nothing the server rendered is rendered again", async () => {
  cart.reload();
  expect(await hydrate()).toBe('Welcome, guest · Cart: 0');
  expect(renders).toBe(1);
});

it("a signed-in visitor's own name and cart follow right after hydrating", async () => {
  localStorage.setItem(KEYS.token, token());
  localStorage.setItem(KEYS.name, 'Ada Obi');
  localStorage.setItem(KEYS.role, 'user');
  localStorage.setItem(KEYS.cart, JSON.stringify([{ id: 1, name: 'Testing', price: 15000 }]));
  cart.reload();
  expect(await hydrate()).toBe('Welcome back, Ada! · Cart: 1');
  expect(renders).toBeGreaterThan(1);
});
