import { Suspense } from 'react'
import type { PageContent, SiteSettings } from '../content/types'
import { lazyComponent } from '../islands/lazyComponent'
import { SiteChrome } from '../layout/SiteChrome'
import { SectionList, showsToasts } from '../sections/SectionList'

// Notifications (sonner) load only on pages with a section the registry marks as showing toasts.
const SiteToaster = lazyComponent(() =>
  import('../forms/shared/SiteToaster').then((module) => module.default),
).Component

/** A page built by marketing from sections. */
export function SectionPage({ settings, page }: { settings: SiteSettings; page: PageContent }) {
  return (
    <>
      <SiteChrome settings={settings} footer={page.footer === 'simple' ? 'simple' : 'full'}>
        <SectionList sections={page.sections} settings={settings} documentId={page._id} />
      </SiteChrome>
      {showsToasts(page.sections) && (
        <Suspense fallback={null}>
          <SiteToaster />
        </Suspense>
      )}
    </>
  )
}
