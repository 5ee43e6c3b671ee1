import { type PluginObj, transformAsync, types } from '@babel/core'
import type { Plugin } from 'vite'

/**
 * In the prerender's server bundle, the app's lazily loaded modules (`import('./…')`) become static
 * imports. Code splitting buys nothing on the server, and a lazily loaded module is evaluated when a
 * page first needs it, so styled-components numbered its style groups in the order pages happened to
 * need them: the same page prerendered after other pages (a full build) or alone (`publish:changed`)
 * came out with other numbers. Evaluated at start-up, every module has one place in one order.
 */
export function eagerServerImports(): Plugin {
  return {
    name: 'eager-server-imports',
    applyToEnvironment: (environment) => environment.name === 'ssr',
    async transform(code, id) {
      if (id.includes('node_modules') || !/\.tsx?$/.test(id) || !code.includes('import(')) return null
      const result = await transformAsync(code, {
        filename: id,
        babelrc: false,
        configFile: false,
        sourceMaps: true,
        parserOpts: { plugins: ['jsx', 'typescript'] },
        plugins: [staticRelativeImports],
      })
      return result?.code ? { code: result.code, map: result.map } : null
    },
  }
}

/** `import('./x')` → `Promise.resolve(x)` with `import * as x from './x'` at the top of the module. */
function staticRelativeImports(): PluginObj {
  return {
    visitor: {
      CallExpression(path) {
        const [specifier] = path.node.arguments
        if (!types.isImport(path.node.callee) || !types.isStringLiteral(specifier)) return
        if (!specifier.value.startsWith('.')) return
        const program = path.findParent((parent) => parent.isProgram())
        if (!program?.isProgram()) return
        const namespace = program.scope.generateUidIdentifier('eager')
        program.unshiftContainer(
          'body',
          types.importDeclaration([types.importNamespaceSpecifier(namespace)], types.stringLiteral(specifier.value)),
        )
        path.replaceWith(
          types.callExpression(types.memberExpression(types.identifier('Promise'), types.identifier('resolve')), [
            namespace,
          ]),
        )
      },
    },
  }
}
