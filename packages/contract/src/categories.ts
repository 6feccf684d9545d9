// Zod-free: the one table of course group and category names, read by the public site, the tutor's course wizard,
// the admin screens and the API's group and category answers, so every screen names a category the same way.

/** The course groups (their codes are the database's), in the wizard's order, with the name people see. */
export const COURSE_GROUPS = [
  { code: 'SoftwareEngineering', label: 'Software Engineering' },
  { code: 'QualityAssurance', label: 'Quality Assurance' },
  { code: 'ProductManagement', label: 'Product Management' },
  { code: 'DesignAndCreative', label: 'Design and Creative' },
  { code: 'DataAndAI', label: 'Data and AI' },
] as const;

/** The course categories, each in its group, with the name people see (the six featured ones among them). */
export const COURSE_CATEGORIES = [
  { code: 'BackendEngineer', group: 'SoftwareEngineering', label: 'Backend Engineer' },
  { code: 'FrontendEngineer', group: 'SoftwareEngineering', label: 'Frontend Engineer' },
  { code: 'MobileEngineer', group: 'SoftwareEngineering', label: 'Mobile Engineer' },
  { code: 'DevopsEngineer', group: 'SoftwareEngineering', label: 'DevOps Engineer' },
  { code: 'SoftwareTester', group: 'QualityAssurance', label: 'Software Tester' },
  { code: 'AutomationTester', group: 'QualityAssurance', label: 'Automation Tester' },
  { code: 'ProductOwner', group: 'ProductManagement', label: 'Product Owner' },
  { code: 'ProjectManager', group: 'ProductManagement', label: 'Project Manager' },
  { code: 'UIUXDesigner', group: 'DesignAndCreative', label: 'UI/UX Designer' },
  { code: 'GraphicsDesigner', group: 'DesignAndCreative', label: 'Graphics Designer' },
  { code: 'DataAnalyst', group: 'DataAndAI', label: 'Data Analyst' },
  { code: 'DataScientist', group: 'DataAndAI', label: 'Data Scientist' },
] as const;

const GROUP_LABELS = new Map<string, string>(COURSE_GROUPS.map((g) => [g.code, g.label]));
const CATEGORY_LABELS = new Map<string, string>(COURSE_CATEGORIES.map((c) => [c.code, c.label]));

/** A group's name; for a code outside the table, `fallback` (the database's description) or the code itself. */
export function groupLabel(code: string, fallback?: string): string {
  return GROUP_LABELS.get(code) ?? fallback ?? code;
}

/** A category's name; for a code outside the table, `fallback` (the database's description) or the code itself. */
export function categoryLabel(code: string, fallback?: string): string {
  return CATEGORY_LABELS.get(code) ?? fallback ?? code;
}
