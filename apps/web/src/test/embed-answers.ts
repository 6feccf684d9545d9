import { PRELOAD_ELEMENT_ID, preloadKey } from '@app/contract/endpoints';

/**
 * Puts answers in the page as the server embeds them for a first screen (`[method, path, body, answer]` each). They
 * are read once per page load (lib/preloaded.ts): the test that uses this must be the first of its file to call the API.
 */
export function embedAnswers(...answers: [method: string, path: string, body: unknown, answer: unknown][]) {
  const embed = document.createElement('script');
  embed.type = 'application/json';
  embed.id = PRELOAD_ELEMENT_ID;
  embed.textContent = JSON.stringify(
    Object.fromEntries(
      answers.map(([method, path, body, answer]) => [preloadKey(method, path, body), answer]),
    ),
  );
  document.body.append(embed);
}
