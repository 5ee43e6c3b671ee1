import { createHash } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, type Locator, type Page, test } from '@playwright/test'
import sharp from 'sharp'
import { NARROW_MEDIA } from '../../apps/web/app/images/resolvedImage'
import type { ImageFieldValue } from '../../apps/web/app/images/resolveImage.server'
import { DATASET_DIR, SITE_URL } from './studioServer'
import { openDocument, openStudio, publish, storedDocument } from './support'

const PHOTO = join(import.meta.dirname, '..', 'fixtures', 'photo-3x2.jpg')

/**
 * Opens the page's hero section (its heading in the sections list) in the dialog the Studio edits it in: the
 * background image's field is the one in there (the page's share image, in its SEO, is another upload field).
 */
async function openHero(page: Page, heading: string): Promise<Locator> {
  await page.getByText(heading).first().click()
  const dialog = page.getByRole('dialog').filter({ has: page.getByText('Background image') })
  await expect(dialog).toBeVisible()
  return dialog
}

test('an image uploaded to a hero is stored beside the dataset, shown in the Studio, and is the hero picture of the dev-served page', async ({
  page,
}) => {
  const bytes = readFileSync(PHOTO)
  const sha1 = createHash('sha1').update(bytes).digest('hex')
  const assetId = `image-${sha1}-3x2-jpg`
  const path = `/images/embedded/production/${sha1}-3x2.jpg`

  await openStudio(page)
  await openDocument(page, 'Pages', 'Conference Giveaway')
  const hero = await openHero(page, 'Win Premium Headphones and a Month of Growth')
  await hero.locator('input[type="file"]').first().setInputFiles(PHOTO)
  // The Studio shows the upload from the lake, as it would from Sanity's CDN.
  await expect(page.locator(`img[src*="${sha1}-3x2.jpg"]`).first()).toBeVisible()
  await page.keyboard.press('Escape')
  await publish(page)

  await expect.poll(() => JSON.stringify(storedDocument('page.conference-giveaway'))).toContain(`"_ref":"${assetId}"`)
  expect(storedDocument(assetId)).toMatchObject({ _type: 'sanity.imageAsset', sha1hash: sha1, url: path })
  expect(readFileSync(join(DATASET_DIR, 'assets', path))).toEqual(bytes)

  // The hero's picture: variants rendered from the upload (docs/images.md), and the original still.
  const variant = new RegExp(`/assets/images/${sha1}[\\w-]*-\\d+w-[0-9a-f]{16}\\.avif`)
  await expect.poll(async () => (await fetch(`${SITE_URL}/conference-giveaway`)).text()).toMatch(variant)
  const html = await (await fetch(`${SITE_URL}/conference-giveaway`)).text()
  const rendered = await fetch(`${SITE_URL}${html.match(variant)?.[0]}`)
  expect(rendered.status).toBe(200)
  expect(rendered.headers.get('content-type')).toBe('image/avif')
  const image = await fetch(`${SITE_URL}${path}`)
  expect(image.headers.get('content-type')).toBe('image/jpeg')
  expect(Buffer.from(await image.arrayBuffer())).toEqual(bytes)
})

/**
 * A marketer's camera photo, made here so it is the same on every run: 4000x3000, a red disc (the subject)
 * at (3400, 900), far right of centre, where a centred 3:4 phone crop (x 875 to 3125) would cut it off.
 */
const LARGE = { width: 4000, height: 3000, subject: { x: 3400, y: 900, radius: 90 } }

async function largePhoto(path: string): Promise<Buffer> {
  const { width, height, subject } = LARGE
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#1d4e89"/><stop offset="1" stop-color="#7fb069"/>
    </linearGradient></defs>
    <rect width="${width}" height="${height}" fill="url(#g)"/>
    <circle cx="${subject.x}" cy="${subject.y}" r="${subject.radius}" fill="#ff0000"/>
  </svg>`
  const bytes = await sharp(Buffer.from(svg)).jpeg({ quality: 92 }).toBuffer()
  writeFileSync(path, bytes)
  return bytes
}

/** The candidates of a `srcset`: address and width. */
const candidatesOf = (srcset: string) =>
  srcset.split(', ').map((candidate) => {
    const [url, width] = candidate.split(' ')
    return { url: url!, width: Number(width!.slice(0, -1)) }
  })

/** An attribute of an HTML tag; React writes some in camel case (`srcSet`), which HTML does not distinguish. */
const attribute = (tag: string, name: string) => tag.match(new RegExp(`\\s${name}="([^"]*)"`, 'i'))?.[1]

/** Where the red subject is in a decoded image, as fractions of its width and height (its pixels' centroid). */
async function subjectIn(bytes: Buffer): Promise<{ x: number; y: number; pixels: number }> {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  let sumX = 0
  let sumY = 0
  let pixels = 0
  for (let index = 0; index < info.width * info.height; index++) {
    const [red, green, blue] = [data[index * 3]!, data[index * 3 + 1]!, data[index * 3 + 2]!]
    if (red > 200 && green < 80 && blue < 80) {
      sumX += index % info.width
      sumY += Math.floor(index / info.width)
      pixels++
    }
  }
  return { x: sumX / pixels / info.width, y: sumY / pixels / info.height, pixels }
}

test("a 4000x3000 photo with a hotspot set in the Studio's crop tool: every srcset candidate of the published hero has its size, and the hotspot is inside every crop", async ({
  page,
}, testInfo) => {
  // The dev server renders the hero's 32 variants (AVIF and WebP, 16 widths up to 4000 px) from the 12-megapixel
  // upload while it answers the page: measured 40-70 s on 2 cores at a load of 13-16, on top of about 40 s in
  // the Studio, so this test gets twice the suite's 90 s.
  test.setTimeout(360_000)
  const photo = testInfo.outputPath('photo-4000x3000.jpg')
  const bytes = await largePhoto(photo)
  const sha1 = createHash('sha1').update(bytes).digest('hex')

  await openStudio(page)
  await openDocument(page, 'Pages', 'Funnel Build Service')
  const hero = await openHero(page, 'Done-For-You Funnels That Turn Clicks Into Consultations')
  await hero.locator('input[type="file"]').first().setInputFiles(photo)
  await expect(page.locator(`img[src*="${sha1}-4000x3000.jpg"]`).first()).toBeVisible()

  // The Studio's own crop tool. Its focal area starts as the whole picture: shrink it from its handle to a
  // fifth of the picture, then drag it from the middle onto the subject (it cannot move while it fills it).
  await hero.getByTestId('options-menu-edit-details').first().click()
  const dialog = page.getByRole('dialog', { name: 'Edit hotspot and crop' })
  const hotspot = dialog.locator('ellipse[data-handle="hotspot"]')
  await expect(hotspot).toBeVisible()
  const picture = (await dialog.locator('svg[data-handle="crop"]').first().boundingBox())!
  const at = (x: number, y: number) => ({ x: picture.x + x * picture.width, y: picture.y + y * picture.height })
  const drag = async (handle: Locator, to: (from: { x: number; y: number }) => { x: number; y: number }) => {
    const box = (await handle.boundingBox())!
    const from = { x: box.x + box.width / 2, y: box.y + box.height / 2 }
    await page.mouse.move(from.x, from.y)
    await page.mouse.down()
    await page.mouse.move(to(from).x, to(from).y, { steps: 12 })
    await page.mouse.up()
  }
  // The handle sits on the ellipse; the ellipse grows or shrinks by twice the handle's movement.
  await drag(dialog.locator('[data-handle="hotspotHandle"]').first(), ({ x, y }) => ({
    x: x - 0.4 * picture.width,
    y: y - 0.4 * picture.height,
  }))
  await drag(hotspot, () => at(LARGE.subject.x / LARGE.width, LARGE.subject.y / LARGE.height))
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await page.keyboard.press('Escape')
  await publish(page)

  // The editor's hotspot, as the Studio stored it: on the subject.
  const stored = () => {
    const document = storedDocument('page.funnels') as { sections: { backgroundImage?: ImageFieldValue }[] }
    return document.sections.find((section) => section.backgroundImage?.upload)?.backgroundImage?.upload
  }
  await expect.poll(() => stored()?.asset?._ref).toBe(`image-${sha1}-4000x3000-jpg`)
  const spot = stored()!.hotspot!
  expect(spot.x).toBeCloseTo(LARGE.subject.x / LARGE.width, 1)
  expect(spot.y).toBeCloseTo(LARGE.subject.y / LARGE.height, 1)

  // The dev-served page, its hero's variants rendered from the 4000x3000 upload.
  await expect
    .poll(async () => (await fetch(`${SITE_URL}/funnels`)).text())
    .toMatch(new RegExp(`/assets/images/${sha1}[\\w-]*-4000w-`))
  const html = await (await fetch(`${SITE_URL}/funnels`)).text()
  const pictureHtml = html.match(/<picture[\s\S]*?<\/picture>/)![0]
  const sources = [...pictureHtml.matchAll(/<source [^>]*>/g)].map(([tag]) => tag)
  const phone = sources.find(
    (tag) => attribute(tag, 'media') === NARROW_MEDIA && attribute(tag, 'type') === 'image/webp',
  )!
  const img = pictureHtml.match(/<img [^>]*>/)![0]

  // The phone's crop is 3:4 (2250x3000 at most, capped at 1280 wide); the rest the whole photo, 4:3.
  const directions = [
    { name: 'phone', srcset: attribute(phone, 'srcset')!, aspect: 3 / 4, widths: [320, 480, 640, 768, 1024, 1280] },
    {
      name: 'full',
      srcset: attribute(img, 'srcset')!,
      aspect: 4 / 3,
      widths: [320, 480, 640, 768, 1024, 1280, 1600, 1920, 2560, 4000],
    },
  ]
  for (const { name, srcset, aspect, widths } of directions) {
    const candidates = candidatesOf(srcset)
    expect(
      candidates.map(({ width }) => width),
      name,
    ).toEqual(widths)
    // Where the subject must be in this crop: the frame of this aspect around the hotspot, pushed inside the photo.
    const frameWidth = Math.min(LARGE.width, LARGE.height * aspect)
    const left = Math.min(Math.max(spot.x * LARGE.width - frameWidth / 2, 0), LARGE.width - frameWidth)
    const expected = { x: (LARGE.subject.x - left) / frameWidth, y: LARGE.subject.y / LARGE.height }
    for (const { url, width } of candidates) {
      const variant = Buffer.from(await (await fetch(`${SITE_URL}${url}`)).arrayBuffer())
      const { width: actualWidth, height, format } = await sharp(variant).metadata()
      expect([actualWidth, height, format], `${name} ${url}`).toEqual([width, Math.round(width / aspect), 'webp'])
      const subject = await subjectIn(variant)
      expect(subject.pixels, `${name} ${url}: the subject is in the crop`).toBeGreaterThan(0)
      expect(subject.x, `${name} ${url}`).toBeCloseTo(expected.x, 1)
      expect(subject.y, `${name} ${url}`).toBeCloseTo(expected.y, 1)
    }
  }
})
