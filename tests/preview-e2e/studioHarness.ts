/**
 * A stand-in for the Studio's Presentation tool, bundled for the browser by liveMode.spec.ts: it frames
 * the preview build and speaks the loaders' side of Sanity's window protocol (@sanity/comlink), so the
 * test can answer the site's live queries with draft content, as the Studio does with the editor's session.
 */
import { createConnectionMachine, createController } from '@sanity/comlink'
import { createCompatibilityActors, type LoaderControllerMsg, type LoaderNodeMsg } from '@sanity/presentation-comlink'

type QueryListen = Extract<LoaderNodeMsg, { type: 'loader/query-listen' }>['data']
type QueryChange = Extract<LoaderControllerMsg, { type: 'loader/query-change' }>['data']

interface HarnessWindow extends Window {
  liveQueries: QueryListen[]
  sendQueryResult: (change: QueryChange) => void
}

const harness = window as unknown as HarnessWindow
const previewUrl = document.body.dataset.previewUrl
if (!previewUrl) throw new Error('The harness page names the preview in <body data-preview-url>')

const controller = createController({ targetOrigin: new URL(previewUrl).origin })
// The Presentation tool's own setup: loaders answer in the older message format, which these actors translate.
const loaders = controller.createChannel<LoaderControllerMsg, LoaderNodeMsg>(
  { name: 'presentation', connectTo: 'loaders', heartbeat: true },
  createConnectionMachine<LoaderControllerMsg, LoaderNodeMsg>().provide({ actors: createCompatibilityActors() }),
)
harness.liveQueries = []
loaders.on('loader/query-listen', (data) => {
  harness.liveQueries.push(data)
})
harness.sendQueryResult = (change) => loaders.post('loader/query-change', change)

// Like the Presentation tool: connect once the preview document (not the initial about:blank) is there.
const frame = document.createElement('iframe')
frame.style.cssText = 'width: 1280px; height: 800px; border: 0'
frame.addEventListener(
  'load',
  () => {
    controller.addTarget(frame.contentWindow!)
    loaders.start()
  },
  { once: true },
)
frame.src = previewUrl
document.body.append(frame)
