/** Every API path hangs under this base. Kept in this zod-free file so the web's initial bundle need not load zod. */
export const API_BASE = '/dl/api/v1';

/** The calls with a value in their path, as the server registers them (`:name` is the value). */
export const EP_PATTERNS = {
  singleCourse: '/course/singlecourse/:id',
  courseCategories: '/course/allcourseCategory/:group',
} as const;

const fill = (pattern: string, value: string) => pattern.replace(/:\w+/, () => value);

/** Every call of the API, relative to API_BASE. One place for the paths the web app and the server share. */
export const EP = {
  loginCustomer: '/login/customer',
  loginStaff: '/login/staff',
  loginAdmin: '/login/admin',
  userAdd: '/user/add',
  staffAdd: '/staff/add',
  otpRequest: '/otp/request',
  userResetPassword: '/user/resetpassword',
  staffResetPassword: '/staff/resetpassword',
  adminResetPassword: '/admin/resetpassword',
  userUpdate: '/user/update',
  userChangePassword: '/user/changepassword',
  staffChangePassword: '/staff/changepassword',
  adminChangePassword: '/admin/changepassword',
  staffId: '/staff/staffid',
  staffUpdate: '/staff/update',
  staffDashboard: '/staff/dashboard',
  adminId: '/admin/adminid',
  adminDashboard: '/admin/dashboard',
  userAllCourses: '/user/allcourses',
  courseSearch: '/course/search',
  studentCourses: '/course/all/view/student/courses',
  singleCourse: (id: number | string) => fill(EP_PATTERNS.singleCourse, String(id)),
  viewSingleCourse: '/course/view/singlecourse',
  tutorCourses: '/course/alltutor',
  boughtCourse: '/course/boughtcourse',
  courseGroups: '/course/allcoursegroups',
  courseCategories: (group: string) => fill(EP_PATTERNS.courseCategories, encodeURIComponent(group)),
  upload: '/images/add',
  videoStatus: '/video/status',
  createCourse: '/course/tutoraddcourses',
  updateCourse: '/course/update',
  deleteCourse: '/course/delete',
  allCourses: '/course/all',
  processCourse: '/course/process',
  reviewHistory: '/course/reviewhistory',
  reviewAdd: '/review/add',
  reviewList: '/review/list',
  reviewHide: '/review/hide',
  notificationList: '/notification/list',
  notificationRead: '/notification/read',
  wishlistAdd: '/wishlist/add',
  wishlistRemove: '/wishlist/remove',
  wishlistList: '/wishlist/list',
  cardCharge: '/card/charge',
  customerTransaction: '/customertransaction/add',
  paystackWebhook: '/paystack/webhook',
  progressUpdate: '/progress/update',
  progressCourse: '/progress/course',
  health: '/health',
  ready: '/ready',
} as const;

/** The script element (type application/json) in which the server embeds API answers it already has for a page. */
export const PRELOAD_ELEMENT_ID = 'preloaded-answers';

/**
 * The name of an anonymous API call in the preloaded answers: method, path and the body with its keys sorted,
 * so the server and the web app name the same call the same way whatever order they wrote the body in.
 */
export function preloadKey(method: string, path: string, body?: unknown): string {
  const sorted =
    body && typeof body === 'object' && !Array.isArray(body)
      ? Object.fromEntries(Object.entries(body).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : body;
  return `${method.toUpperCase()} ${path} ${sorted === undefined ? '' : JSON.stringify(sorted)}`;
}

/** Widths (px) of the WebP copies the server makes of every course image: phone cards, 2x phones, wide screens. */
export const IMAGE_WIDTHS = [360, 720, 1080] as const;

/** Course images the server stores (and so has WebP copies of) live here. */
export const IMAGE_PATH_PREFIX = '/media/images/';

/** The path of a relative or absolute URL ('' when it is neither). */
function pathOf(url: string): string {
  if (url.startsWith('/')) return url;
  const absolute = /^https?:\/\/[^/?#\s]+(\/[^\s]*)$/i.exec(url);
  return absolute?.[1] ?? '';
}

/** The URL of the WebP copy `width` px wide of a stored image (`/media/images/a.jpg` → `/media/images/a.jpg.w360.webp`). */
export const imageVariantUrl = (url: string, width: number) => `${url}.w${width}.webp`;

/** How wide a course card's image shows: one column on phones, two on small tablets, then about 300 px. */
export const CARD_IMAGE_SIZES = '(max-width: 560px) calc(100vw - 2rem), (max-width: 820px) 50vw, 300px';
/** How wide the course page's image shows: full width on phones, the 340 px price card beside the text on wide screens. */
export const DETAIL_IMAGE_SIZES = '(max-width: 760px) calc(100vw - 2rem), 340px';

/**
 * `src`, `srcSet` and `sizes` of a course image: the server's WebP copies when it stored the image, the URL as it is
 * otherwise. The server preloads the first screen's image with the same values, so the browser fetches it once.
 */
export function imageSources(url: string, sizes: string): { src: string; srcSet?: string; sizes?: string } {
  // With CORS_ORIGINS set the server answers media URLs absolute (PUBLIC_URL/media/…): the same stored image.
  if (!pathOf(url).startsWith(IMAGE_PATH_PREFIX)) return { src: url };
  return {
    src: imageVariantUrl(url, IMAGE_WIDTHS[1]),
    srcSet: IMAGE_WIDTHS.map((w) => `${imageVariantUrl(url, w)} ${w}w`).join(', '),
    sizes,
  };
}
