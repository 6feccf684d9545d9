import { EP, EP_PATTERNS } from './endpoints.ts';

// Zod-free, so the web's initial bundle can call operations by name without loading zod.

/**
 * The operations declared with their request and answer schemas (`operations.ts`): name → method and path. The
 * server registers these routes from `OPS`, the web calls them by name (`callOp`), each with the types of `OPS`.
 */
export const OP_ROUTES = {
  createCourse: { method: 'POST', path: EP.createCourse },
  updateCourse: { method: 'POST', path: EP.updateCourse },
  deleteCourse: { method: 'POST', path: EP.deleteCourse },
  processCourse: { method: 'POST', path: EP.processCourse },
  userAllCourses: { method: 'GET', path: EP.userAllCourses },
  courseSearch: { method: 'POST', path: EP.courseSearch },
  studentCourses: { method: 'POST', path: EP.studentCourses },
  singleCourse: { method: 'GET', path: EP_PATTERNS.singleCourse },
  viewSingleCourse: { method: 'POST', path: EP.viewSingleCourse },
  tutorCourses: { method: 'POST', path: EP.tutorCourses },
  boughtCourse: { method: 'POST', path: EP.boughtCourse },
  courseGroups: { method: 'GET', path: EP.courseGroups },
  courseCategories: { method: 'GET', path: EP_PATTERNS.courseCategories },
  allCourses: { method: 'POST', path: EP.allCourses },
  reviewHistory: { method: 'POST', path: EP.reviewHistory },
  adminDashboard: { method: 'GET', path: EP.adminDashboard },
  videoStatus: { method: 'POST', path: EP.videoStatus },
  wishlistAdd: { method: 'POST', path: EP.wishlistAdd },
  wishlistRemove: { method: 'POST', path: EP.wishlistRemove },
  wishlistList: { method: 'GET', path: EP.wishlistList },
  loginCustomer: { method: 'POST', path: EP.loginCustomer },
  loginStaff: { method: 'POST', path: EP.loginStaff },
  loginAdmin: { method: 'POST', path: EP.loginAdmin },
  userAdd: { method: 'POST', path: EP.userAdd },
  staffAdd: { method: 'POST', path: EP.staffAdd },
  otpRequest: { method: 'POST', path: EP.otpRequest },
  userResetPassword: { method: 'POST', path: EP.userResetPassword },
  staffResetPassword: { method: 'POST', path: EP.staffResetPassword },
  adminResetPassword: { method: 'POST', path: EP.adminResetPassword },
  userUpdate: { method: 'POST', path: EP.userUpdate },
  userChangePassword: { method: 'POST', path: EP.userChangePassword },
  staffChangePassword: { method: 'POST', path: EP.staffChangePassword },
  adminChangePassword: { method: 'POST', path: EP.adminChangePassword },
  staffId: { method: 'GET', path: EP.staffId },
  staffUpdate: { method: 'POST', path: EP.staffUpdate },
  adminId: { method: 'GET', path: EP.adminId },
  cardCharge: { method: 'POST', path: EP.cardCharge },
  customerTransaction: { method: 'POST', path: EP.customerTransaction },
  staffDashboard: { method: 'GET', path: EP.staffDashboard },
  progressUpdate: { method: 'POST', path: EP.progressUpdate },
  progressCourse: { method: 'POST', path: EP.progressCourse },
  notificationList: { method: 'POST', path: EP.notificationList },
  notificationRead: { method: 'POST', path: EP.notificationRead },
  reviewAdd: { method: 'POST', path: EP.reviewAdd },
  reviewList: { method: 'POST', path: EP.reviewList },
  reviewHide: { method: 'POST', path: EP.reviewHide },
} as const;
export type OpName = keyof typeof OP_ROUTES;
