/**
 * The catalogue's words (home, category) that both the web app and the server's first screen (the HTML painted
 * before the app's code arrives) show, so the two stay the same. Zod-free: the web's first bundle reads it.
 */

/** The banner's slides (spec §9), in order. A `to` starting with '#' is a place on the page. */
export const HOME_BANNER_SLIDES = [
  {
    title: 'Learn skills that pay',
    text: 'Video courses by Nigerian tutors, priced in naira.',
    cta: { label: 'Browse categories', to: '/categories' },
  },
  {
    title: 'Learn at your own pace',
    text: 'Watch on any device, as often as you need, once a course is yours.',
    cta: { label: 'See courses', to: '#courses' },
  },
  {
    title: 'Teach what you know',
    text: 'Share your expertise with thousands of learners and earn from every sale.',
    cta: { label: 'Become an instructor', to: '/teaching' },
  },
] as const;
