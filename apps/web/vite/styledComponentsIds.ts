import { transformAsync } from '@babel/core'
import type { Plugin } from 'vite'

/**
 * styled-components numbers its class names in the order components are defined, so a route chunk
 * loaded in another order in the browser than during prerendering would hydrate with other class
 * names. The official Babel plugin derives stable ids from the file instead; Vite 8 no longer runs
 * Babel, so this plugin runs just that one transform on the files that use styled-components.
 */
export function styledComponentsIds(): Plugin {
  return {
    name: 'styled-components-stable-ids',
    enforce: 'pre',
    async transform(code, id) {
      if (id.includes('node_modules') || !/\.[jt]sx?$/.test(id) || !code.includes('styled-components')) return null
      const result = await transformAsync(code, {
        filename: id,
        babelrc: false,
        configFile: false,
        sourceMaps: true,
        parserOpts: { plugins: ['jsx', 'typescript'] },
        plugins: [['babel-plugin-styled-components', { ssr: true, displayName: false, fileName: false, pure: true }]],
      })
      return result?.code ? { code: result.code, map: result.map } : null
    },
  }
}
