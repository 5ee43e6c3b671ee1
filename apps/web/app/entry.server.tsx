import { renderToReadableStream } from 'react-dom/server'
import { ServerRouter, type EntryContext } from 'react-router'
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
    const stream = await renderToReadableStream(
      sheet.collectStyles(<ServerRouter context={routerContext} url={request.url} />),
      {
        signal: request.signal,
        onError(error: unknown) {
          responseStatusCode = 500
          console.error(error)
        },
      },
    )
    await stream.allReady
    const html = await new Response(stream).text()
    responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
    return new Response(html.replace('</head>', `${sheet.getStyleTags()}</head>`), {
      status: responseStatusCode,
      headers: responseHeaders,
    })
  } finally {
    sheet.seal()
  }
}
