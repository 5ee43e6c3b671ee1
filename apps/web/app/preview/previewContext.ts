/** What the browser of a preview build needs to join the Studio's live connection; public values only. */
export interface PreviewContext {
  projectId: string
  dataset: string
  apiVersion: string
  studioUrl: string
}
