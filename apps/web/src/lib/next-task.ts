/**
 * Resolves in a task of its own (a timer's), so the work after it does not lengthen the task before: a phone's long
 * tasks are what Lighthouse's total blocking time adds up.
 */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
