// Rewrites what is generated from the schema besides its types (run by `pnpm typegen`): the content rules the
// site checks content with, and docs/content-model.md.
import { writeFileSync } from 'node:fs'
import { schemaTypes } from '@site/schemas'
import { renderContentModelDoc } from '@site/schemas/contentModelDoc'
import { describeContentRules, renderContentRulesModule } from '@site/schemas/describeContentRules'

writeFileSync(
  new URL('../packages/schemas/src/rules/generated.ts', import.meta.url),
  renderContentRulesModule(describeContentRules(schemaTypes)),
)
writeFileSync(new URL('../docs/content-model.md', import.meta.url), renderContentModelDoc())
