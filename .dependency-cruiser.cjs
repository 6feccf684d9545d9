/**
 * The import direction of both apps, checked by `npm run lint` (dependency-cruiser). Type-only imports count
 * (`tsPreCompilationDeps`): a cycle of types is still a cycle.
 *
 * API (apps/api/src), from the top down:
 *   app.ts, main.ts  →  routes/, jobs/ (the job handlers)  →  plugins/  →  commands/  →  queries/  →  presenters/
 *   →  policies/  →  cache/, queue/, services/  →  db/  →  lib/, errors.ts, config.ts
 * Routes and job handlers are the two ways work comes in (a request, a queued job): neither imports the other, and
 * only app.ts lists them. A job's name is declared by the lowest code that queues it (a command or a service) and
 * the handler imports it from there; the queue's machinery (queue/) knows no handler and no command.
 * `context.ts` (the AppContext type) is read by routes, plugins, commands and job handlers only: everything below
 * them takes the database handle and the services it needs as arguments, and the job queue hands its handlers the
 * context it was started with without knowing its type.
 * Presenters are pure: rows in, answers out, no database handle and no SQL (db/schema.ts for its types only).
 * Every read is in queries/ (by subject; search in queries/search/), those of writes too: a query takes the handle
 * it runs on, so a command passes its transaction `tx` and the read (`FOR UPDATE` included) stays inside it.
 * Outside queries/ stay only:
 *   - the job queue's polling of its own table (queue/queue.ts, `FOR UPDATE SKIP LOCKED`): machinery;
 *   - the payment sandbox's reads of its own table (services/payments/): a stand-in for an outside service;
 *   - subqueries inside one write statement (an UPDATE's recount, the card cache's claim), which are not reads.
 * The statement machinery queries share (prepared statements, per-turn batching, statement batches) is in db/ and
 * read by queries only.
 * The answer cache (cache/: answers, course cards, HTTP caching) is entered through cache/index.ts only.
 *
 * Web (apps/web/src): app/ → features/ → components/ → lib/, and no feature imports another. Tests may put
 * features together as the app does; main.tsx and src/test/ may import anything.
 */
const API = '^apps/api/src/';
const WEB = '^apps/web/src/';
const TESTS = '\\.test\\.tsx?$';

/** A rule that files under `from` (below API) never import `to` (below API). */
const apiNever = (name, comment, from, to, extra = {}) => ({
  name,
  comment,
  severity: 'error',
  from: { path: `${API}(${from})`, pathNot: TESTS },
  to: { path: `${API}(${to})`, ...extra },
});

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No import cycle anywhere, type-only imports included.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },

    // ---- API ----
    apiNever(
      'api-presenters-pure',
      'Presenters turn rows into answers: no database handle, no SQL, nothing above them.',
      'presenters/',
      'db/(?!schema\\.ts$)|services/(?!storage/signing\\.ts$)|routes/|commands/|queries/|jobs/|queue/|cache/|context\\.ts|plugins/|app\\.ts|main\\.ts',
    ),
    {
      name: 'api-presenters-no-sql',
      comment: 'Presenters build no SQL: drizzle and the schema are read for their types only.',
      severity: 'error',
      from: { path: `${API}presenters/`, pathNot: TESTS },
      to: { path: `(^|/)node_modules/drizzle-orm/|${API}db/`, dependencyTypesNot: ['type-only'] },
    },
    apiNever(
      'api-statements-for-queries',
      'Prepared statements and batched reads are the machinery of queries/: nothing else runs them.',
      '(?!queries/|db/)',
      'db/(prepared|per-turn|statement-batch)\\.ts',
    ),
    apiNever(
      'api-cache-entry',
      'The answer cache is entered through cache/index.ts only.',
      '(?!cache/)',
      'cache/(?!index\\.ts$)',
    ),
    apiNever(
      'api-queries-below-commands',
      'Reads never reach up to routes, commands, job handlers or the app context.',
      'queries/',
      'routes/|commands/|jobs/|context\\.ts|plugins/|app\\.ts|main\\.ts',
    ),
    apiNever(
      'api-entries-apart',
      'Routes and job handlers are where work comes in: neither imports the other; app.ts lists both.',
      'routes/|jobs/',
      '(?!$1)(routes/|jobs/)|app\\.ts|main\\.ts',
    ),
    apiNever(
      'api-plugins-below-routes',
      'Plugins (errors, authentication, observability) serve the routes: they never import a route or a job handler.',
      'plugins/',
      'routes/|jobs/|app\\.ts|main\\.ts',
    ),
    apiNever(
      'api-commands-below-routes',
      'Commands never import routes, plugins, job handlers or the app: what a handler and a command share lives in the command.',
      'commands/',
      'routes/|plugins/|jobs/|app\\.ts|main\\.ts',
    ),
    apiNever(
      'api-policies-low',
      'Policies decide who may do what from what they are given; they read nothing above them.',
      'policies/',
      'routes/|commands/|queries/|presenters/|jobs/|queue/|cache/|context\\.ts|plugins/|services/|app\\.ts|main\\.ts',
    ),
    apiNever(
      'api-infrastructure-low',
      'The cache, the job queue and the services are infrastructure: they import only db/, lib/ and each other.',
      'cache/|queue/|services/',
      'routes/|commands/|queries/|presenters/|policies/|jobs/|context\\.ts|plugins/|app\\.ts|main\\.ts',
    ),
    apiNever(
      'api-db-bottom',
      'The database layer imports only lib/, errors.ts and config.ts.',
      'db/',
      '(?!db/|lib/|errors\\.ts|config\\.ts)',
    ),
    apiNever(
      'api-lib-bottom',
      'lib/, errors.ts and config.ts are the floor.',
      'lib/|errors\\.ts|config\\.ts',
      '(?!lib/|errors\\.ts|config\\.ts)',
    ),

    // ---- Web ----
    {
      name: 'web-no-cross-feature',
      comment: 'A feature never imports another: what two features share moves to components/ or lib/.',
      severity: 'error',
      from: { path: `${WEB}features/([^/]+)/`, pathNot: TESTS },
      to: { path: `${WEB}features/`, pathNot: `${WEB}features/$1/` },
    },
    {
      name: 'web-features-not-app',
      comment: 'Features never import the app shell.',
      severity: 'error',
      from: { path: `${WEB}features/`, pathNot: TESTS },
      to: { path: `${WEB}(app/|main\\.tsx)` },
    },
    {
      name: 'web-components-down',
      comment: 'Shared components import components and lib only.',
      severity: 'error',
      from: { path: `${WEB}components/`, pathNot: TESTS },
      to: { path: `${WEB}(app/|features/|main\\.tsx)` },
    },
    {
      name: 'web-lib-bottom',
      comment: 'lib/ imports lib/ only.',
      severity: 'error',
      from: { path: `${WEB}lib/`, pathNot: TESTS },
      to: { path: `${WEB}(app/|features/|components/|main\\.tsx)` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)dist/' },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
