// The lint rule `cadence/no-module-cycle` (issue 27): no circle between the server's modules
// (the folders of server/src/modules), type imports included. import-x/no-cycle follows files
// and skips `import type` by design (it has no option to count them), so two modules importing
// each other through different files, or through types, pass it; this rule sees modules.
//
// Module A depends on module B when any file of A imports a path inside B. The graph is read from
// the files on disk, once per lint run; an import from A to B is reported when B already leads
// back to A, with the circle it closes.
import fs from 'node:fs';
import path from 'node:path';

const specifiers = /(?:\bfrom|\bimport)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;
const graphs = new Map();

/** The module (folder name) a path is in, or undefined outside the modules folder. */
function moduleOf(modulesDir, file) {
  const relative = path.relative(modulesDir, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  const [name, ...rest] = relative.split(path.sep);
  return rest.length > 0 ? name : undefined;
}

/** Each module's set of other modules it imports (any file, any kind of import). */
function moduleGraph(modulesDir) {
  const graph = new Map();
  for (const name of fs.readdirSync(modulesDir)) {
    const dir = path.join(modulesDir, name);
    if (!fs.statSync(dir).isDirectory()) continue;
    const uses = new Set();
    for (const entry of fs.readdirSync(dir, { recursive: true })) {
      const file = path.join(dir, String(entry));
      if (!/\.tsx?$/.test(file)) continue;
      for (const [, specifier] of fs.readFileSync(file, 'utf8').matchAll(specifiers)) {
        const used = moduleOf(modulesDir, path.resolve(path.dirname(file), specifier));
        if (used !== undefined && used !== name) uses.add(used);
      }
    }
    graph.set(name, uses);
  }
  return graph;
}

/** The shortest chain of modules from `from` to `to`, or null when there is none. */
function chain(graph, from, to) {
  const previous = new Map([[from, null]]);
  const queue = [from];
  while (queue.length > 0) {
    const current = queue.shift();
    if (current === to) {
      const names = [];
      for (let at = to; at !== null; at = previous.get(at)) names.unshift(at);
      return names;
    }
    for (const next of graph.get(current) ?? []) {
      if (previous.has(next)) continue;
      previous.set(next, current);
      queue.push(next);
    }
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
const noModuleCycle = {
  meta: {
    type: 'problem',
    docs: {
      description: 'Forbid an import that closes a circle between server modules, type imports included.',
    },
    schema: [
      {
        type: 'object',
        properties: { modulesDir: { type: 'string' } },
        required: ['modulesDir'],
        additionalProperties: false,
      },
    ],
    messages: {
      cycle:
        'Module circle {{circle}}: move what both need to the lower module or to server/src/lib, or pass it in through services.ts.',
    },
  },
  create(context) {
    const modulesDir = path.resolve(context.cwd, context.options[0].modulesDir);
    const own = moduleOf(modulesDir, context.physicalFilename);
    if (own === undefined) return {};
    if (!graphs.has(modulesDir)) graphs.set(modulesDir, moduleGraph(modulesDir));
    const graph = graphs.get(modulesDir);
    const check = (node) => {
      const specifier = node.source?.value;
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const used = moduleOf(modulesDir, path.resolve(path.dirname(context.physicalFilename), specifier));
      if (used === undefined || used === own) return;
      const back = chain(graph, used, own);
      if (back) context.report({ node, messageId: 'cycle', data: { circle: [own, ...back].join(' → ') } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { 'no-module-cycle': noModuleCycle } };
