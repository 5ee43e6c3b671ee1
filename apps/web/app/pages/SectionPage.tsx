import { lazy, Suspense } from 'react'
import type { PageContent, SiteSettings } from '../content/types'
import { SiteChrome } from '../layout/SiteChrome'
import { SectionList } from '../sections/SectionList'

// Notifications (sonner) load only on pages whose sections show a toast: the forms.
const SiteToaster = lazy(() => import('../forms/shared/SiteToaster'))
const SECTIONS_WITH_TOASTS = new Set([
  'contactFormSection',
  'qualificationFormSection',
  'giveawayFormSection',
  'guideOfferSection',
])

/** A page built by marketing from sections. */
export function SectionPage({ settings, page }: { settings: SiteSettings; page: PageContent }) {
  const showsToasts = page.sections?.some((section) => SECTIONS_WITH_TOASTS.has(section._type)) ?? false
  return (
    <>
      <SiteChrome settings={settings} footer={page.footer === 'simple' ? 'simple' : 'full'}>
        <SectionList sections={page.sections} settings={settings} documentId={page._id} />
      </SiteChrome>
      {showsToasts && (
        <Suspense fallback={null}>
          <SiteToaster />
        </Suspense>
      )}
    </>
  )
}
