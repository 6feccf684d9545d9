// Its own module: the frame (in the first bundle) reads only this, and the rest of lib/offline loads on demand.

/** The screens that open without a connection (from kept answers and downloads); others show the offline page. */
const WORKS_OFFLINE = [/^\/home\/my-courses\/?$/, /^\/home\/downloads\/?$/, /^\/view-course\/\d+\/?$/];
export const worksOffline = (pathname: string) => WORKS_OFFLINE.some((re) => re.test(pathname));
