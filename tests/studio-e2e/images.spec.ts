import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { DATASET_DIR, SITE_URL } from './studioServer'
import { openDocument, openStudio, publish, storedDocument } from './support'

const PHOTO = join(import.meta.dirname, '..', 'fixtures', 'photo-3x2.jpg')

test('an image uploaded to a hero is stored beside the dataset, shown in the Studio, and is the hero picture of the dev-served page', async ({
  page,
}) => {
  const bytes = readFileSync(PHOTO)
  const sha1 = createHash('sha1').update(bytes).digest('hex')
  const assetId = `image-${sha1}-3x2-jpg`
  const path = `/images/embedded/production/${sha1}-3x2.jpg`

  await openStudio(page)
  await openDocument(page, 'Pages', 'Conference Giveaway')
  await page.getByText('Win Premium Headphones and a Month of Growth').first().click()
  await page.locator('input[type="file"]').first().setInputFiles(PHOTO)
  // The Studio shows the upload from the lake, as it would from Sanity's CDN.
  await expect(page.locator(`img[src*="${sha1}-3x2.jpg"]`).first()).toBeVisible({ timeout: 30_000 })
  await page.keyboard.press('Escape')
  await publish(page)

  await expect.poll(() => JSON.stringify(storedDocument('page.conference-giveaway'))).toContain(`"_ref":"${assetId}"`)
  expect(storedDocument(assetId)).toMatchObject({ _type: 'sanity.imageAsset', sha1hash: sha1, url: path })
  expect(readFileSync(join(DATASET_DIR, 'assets', path))).toEqual(bytes)

  // The hero's picture: variants rendered from the upload (README, "Images on the site"), and the original still.
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
