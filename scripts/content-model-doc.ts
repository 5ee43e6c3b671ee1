// Rewrites docs/content-model.md from the schema (run by `pnpm typegen`).
import { writeFileSync } from 'node:fs'
import { renderContentModelDoc } from '@site/schemas/contentModelDoc'

writeFileSync(new URL('../docs/content-model.md', import.meta.url), renderContentModelDoc())
