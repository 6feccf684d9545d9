-- Course groups and categories exist from the first start. The six featured category codes are fixed by the spec.
INSERT INTO "course_groups" ("code", "description") VALUES
  ('SoftwareEngineering', 'Software Engineering'),
  ('QualityAssurance', 'Quality Assurance'),
  ('ProductManagement', 'Product Management'),
  ('DesignAndCreative', 'Design and Creative'),
  ('DataAndAI', 'Data and AI')
ON CONFLICT ("code") DO NOTHING;--> statement-breakpoint
INSERT INTO "course_categories" ("group_id", "code", "description")
SELECT g."id", c."code", c."description"
FROM (VALUES
  ('SoftwareEngineering', 'BackendEngineer', 'Backend Engineering'),
  ('SoftwareEngineering', 'FrontendEngineer', 'Frontend Engineering'),
  ('SoftwareEngineering', 'MobileEngineer', 'Mobile Engineering'),
  ('SoftwareEngineering', 'DevopsEngineer', 'DevOps Engineering'),
  ('QualityAssurance', 'SoftwareTester', 'Software Testing'),
  ('QualityAssurance', 'AutomationTester', 'Test Automation'),
  ('ProductManagement', 'ProductOwner', 'Product Ownership'),
  ('ProductManagement', 'ProjectManager', 'Project Management'),
  ('DesignAndCreative', 'UIUXDesigner', 'UI/UX Design'),
  ('DesignAndCreative', 'GraphicsDesigner', 'Graphics Design'),
  ('DataAndAI', 'DataAnalyst', 'Data Analysis'),
  ('DataAndAI', 'DataScientist', 'Data Science')
) AS c("group_code", "code", "description")
JOIN "course_groups" g ON g."code" = c."group_code"
ON CONFLICT ("code") DO NOTHING;
