import { EMBEDDED_DATASET, EMBEDDED_PROJECT_ID } from '@site/content-api/config'

// The Studio needs a project id even offline (build, schema validate, typegen). Offline it uses the embedded
// content's identifiers, the ones the site's preview names in its live queries: the Preview tool runs only
// queries for its own project and dataset. A real project is configured with SANITY_STUDIO_PROJECT_ID /
// SANITY_STUDIO_DATASET.
export const studioEnv = {
  projectId: process.env.SANITY_STUDIO_PROJECT_ID || EMBEDDED_PROJECT_ID,
  dataset: process.env.SANITY_STUDIO_DATASET || EMBEDDED_DATASET,
  apiVersion: '2025-02-19',
  /** The local Content Lake (`pnpm studio` with no project id sets it); unset, Sanity's hosted API. */
  apiHost: process.env.SANITY_STUDIO_API_HOST || undefined,
  /** The site's preview build (apps/web, SANITY_PREVIEW=true), shown inside the Presentation tool. */
  // Beside the Studio (3333) and the local lake (3334), away from the dev site's 5173, so both can run.
  previewUrl: process.env.SANITY_STUDIO_PREVIEW_URL || 'http://127.0.0.1:3335',
  /**
   * The lead server whose admin API the Leads tool reads (an address, not a secret): the site's server,
   * `pnpm serve`'s default address; `pnpm studio` offline starts one there when none answers.
   */
  leadsUrl: process.env.SANITY_STUDIO_LEADS_URL || 'http://127.0.0.1:4173',
}
