// Zod-free and small: the web's first bundle reads this file only (apps/web/src/lib/api.ts).

/** A call's method and its path under API_BASE; `:name` in a path is a value the caller fills in. */
export type Route = { readonly method: 'GET' | 'POST'; readonly path: string };

/**
 * The operations the first screens call (the catalogue, a course, search, the header, signing in), declared here
 * once; every other operation is declared in OP_ROUTES (operation-routes.ts), which spreads these in.
 */
export const FIRST_OP_ROUTES = {
  userAllCourses: { method: 'GET', path: '/user/allcourses' },
  courseSearch: { method: 'POST', path: '/course/search' },
  studentCourses: { method: 'POST', path: '/course/all/view/student/courses' },
  singleCourse: { method: 'GET', path: '/course/singlecourse/:id' },
  viewSingleCourse: { method: 'POST', path: '/course/view/singlecourse' },
  courseGroups: { method: 'GET', path: '/course/allcoursegroups' },
  courseCategories: { method: 'GET', path: '/course/allcourseCategory/:group' },
  wishlistAdd: { method: 'POST', path: '/wishlist/add' },
  wishlistRemove: { method: 'POST', path: '/wishlist/remove' },
  wishlistList: { method: 'GET', path: '/wishlist/list' },
  loginCustomer: { method: 'POST', path: '/login/customer' },
  loginStaff: { method: 'POST', path: '/login/staff' },
  loginAdmin: { method: 'POST', path: '/login/admin' },
  notificationList: { method: 'POST', path: '/notification/list' },
  reviewList: { method: 'POST', path: '/review/list' },
} as const satisfies Record<string, Route>;

/** Fills the values into a path with `:name`s, each URL-encoded. */
export function fillPath(path: string, values: Record<string, string | number> = {}): string {
  return path.replace(/:(\w+)/g, (_, key: string) => {
    if (values[key] === undefined) throw new Error(`${path} needs a value for :${key}`);
    return encodeURIComponent(String(values[key]));
  });
}
