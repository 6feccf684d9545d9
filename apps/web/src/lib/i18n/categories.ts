/**
 * The course groups' and categories' names and the featured categories' lines in the active language. The
 * contract's tables (categories.ts, catalogue.ts) give the codes and the English the API answers; here each code has
 * its catalog key. A code outside the tables keeps the contract's fallback (the database's description, or the code).
 */
import { categoryLabel, groupLabel } from '@app/contract/categories';
import type { Translate } from './index.ts';

const GROUP_KEYS: Record<string, string> = {
  SoftwareEngineering: 'categories.group.softwareEngineering',
  QualityAssurance: 'categories.group.qualityAssurance',
  ProductManagement: 'categories.group.productManagement',
  DesignAndCreative: 'categories.group.designAndCreative',
  DataAndAI: 'categories.group.dataAndAI',
};

const CATEGORY_KEYS: Record<string, string> = {
  BackendEngineer: 'categories.name.backendEngineer',
  FrontendEngineer: 'categories.name.frontendEngineer',
  MobileEngineer: 'categories.name.mobileEngineer',
  DevopsEngineer: 'categories.name.devopsEngineer',
  SoftwareTester: 'categories.name.softwareTester',
  AutomationTester: 'categories.name.automationTester',
  ProductOwner: 'categories.name.productOwner',
  ProjectManager: 'categories.name.projectManager',
  UIUXDesigner: 'categories.name.uiuxDesigner',
  GraphicsDesigner: 'categories.name.graphicsDesigner',
  DataAnalyst: 'categories.name.dataAnalyst',
  DataScientist: 'categories.name.dataScientist',
};

const BLURB_KEYS: Record<string, string> = {
  SoftwareTester: 'categories.blurb.softwareTester',
  BackendEngineer: 'categories.blurb.backendEngineer',
  DevopsEngineer: 'categories.blurb.devopsEngineer',
  ProductOwner: 'categories.blurb.productOwner',
  FrontendEngineer: 'categories.blurb.frontendEngineer',
  MobileEngineer: 'categories.blurb.mobileEngineer',
};

const named = (t: Translate, keys: Record<string, string>, code: string, english: string): string => {
  const key = keys[code];
  return key ? t(key) : english;
};

/** A group's name with a render's `t` (`useT()`); for a code outside the table, `fallback` or the code itself. */
export const groupName = (t: Translate, code: string, fallback?: string): string =>
  named(t, GROUP_KEYS, code, groupLabel(code, fallback));

/** A category's name with a render's `t`; for a code outside the table, `fallback` or the code itself. */
export const categoryName = (t: Translate, code: string, fallback?: string): string =>
  named(t, CATEGORY_KEYS, code, categoryLabel(code, fallback));

/** A featured category's line with a render's `t` (the contract's `blurb` is its English). */
export const categoryBlurb = (t: Translate, code: string, english: string): string =>
  named(t, BLURB_KEYS, code, english);
