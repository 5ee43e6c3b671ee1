import { prerender } from 'react-dom/static'
import { type EntryContext, ServerRouter } from 'react-router'
import { ServerStyleSheet } from 'styled-components'

/** Prerenders a route at build time: the whole document, with styled-components' styles in its head. */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  const sheet = new ServerStyleSheet()
  try {
    // Every Suspense boundary (lazily loaded sections) in place: React would otherwise move large or late
    // ones after the fallback, with inline scripts to swap them in.
    const { prelude } = await prerender(
      sheet.collectStyles(<ServerRouter context={routerContext} url={request.url} />),
      {
        signal: request.signal,
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onError(error: unknown) {
          responseStatusCode = 500
          console.error(error)
        },
      },
    )
    const html = await new Response(prelude).text()
    responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
    return new Response(html.replace('</head>', `${sheet.getStyleTags()}</head>`), {
      status: responseStatusCode,
      headers: responseHeaders,
    })
  } finally {
    sheet.seal()
  }
}
