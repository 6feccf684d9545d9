import path from 'node:path';

/**
 * The web app's import direction: app → features → components → lib. A feature imports its own folder, components
 * and lib, never another feature (what two features share moves down to components/ or lib/); components import
 * components and lib; lib imports lib only. src/test (test helpers) and main.tsx may import anything, and anything
 * may import src/test. Packages (`@app/contract`, react, ...) are not layers.
 */
const RANK = { app: 3, features: 2, components: 1, lib: 0 };

/** { layer, feature } of a file under apps/web/src, or null outside it (or in test/ and main.tsx). */
function placeOf(file) {
  const m = /[\\/]apps[\\/]web[\\/]src[\\/]([^\\/]+)(?:[\\/]([^\\/]+))?/.exec(file);
  if (!m || !(m[1] in RANK)) return null;
  return { layer: m[1], feature: m[1] === 'features' ? m[2] : undefined };
}

export default {
  rules: {
    'import-direction': {
      meta: {
        type: 'problem',
        docs: {
          description: 'apps/web: app → features → components → lib, and no feature importing another',
        },
        messages: {
          upward: '{{from}} may not import {{to}}: imports go app → features → components → lib.',
          crossFeature:
            'Feature "{{from}}" may not import feature "{{to}}": move what both need to components/ or lib/.',
        },
        schema: [],
      },
      create(context) {
        const from = placeOf(context.filename);
        if (!from) return {};
        const check = (node, source) => {
          if (typeof source !== 'string' || !source.startsWith('.')) return;
          const to = placeOf(path.resolve(path.dirname(context.filename), source));
          if (!to) return;
          if (from.layer === 'features' && to.layer === 'features' && from.feature !== to.feature) {
            context.report({ node, messageId: 'crossFeature', data: { from: from.feature, to: to.feature } });
          } else if (RANK[to.layer] > RANK[from.layer]) {
            context.report({ node, messageId: 'upward', data: { from: from.layer, to: to.layer } });
          }
        };
        return {
          ImportDeclaration: (node) => check(node.source, node.source.value),
          ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
          ExportAllDeclaration: (node) => check(node.source, node.source.value),
          ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
        };
      },
    },
  },
};
