/** Spec §9: the reset request goes to the reset page after 2 s, as does a finished reset to the login. */
export const RESET_REDIRECT_MS = 2000;
