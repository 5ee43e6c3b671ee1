import { Suspense } from 'react'
import type { PageContent, SiteSettings } from '../content/types'
import { lazyDefault } from '../islands/lazyComponent'
import { SiteChrome } from '../layout/SiteChrome'
import { SectionList, showsToasts } from '../sections/SectionList'

// Notifications (sonner) load only on pages with a section the registry marks as showing toasts.
const SiteToaster = lazyDefault(() => import('../forms/shared/SiteToaster'))

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
