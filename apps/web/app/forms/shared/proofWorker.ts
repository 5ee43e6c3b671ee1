/// <reference lib="webworker" />
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2'
import { handler } from 'altcha-lib/workers/shared'

// altcha-lib's worker protocol ({type: 'work', challenge, …} in, the solution out), with the Web Crypto
// PBKDF2 (its own pbkdf2 worker imports Node's crypto).
handler({ deriveKey })
