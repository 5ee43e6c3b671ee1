// Imported first by dev.ts, so every setting read at import (studioEnv, the ports) sees it: the root .env under
// the environment, read by the same loader as `npm start` and `pnpm serve` (the Studio's lead server is one).
import { loadRootEnvFile } from '@site/server/env'

loadRootEnvFile()
