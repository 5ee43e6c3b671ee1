import { SparklesIcon } from '@sanity/icons'
import { defineType } from 'sanity'
import { ICON_NAMES } from '../constants'

export { ICON_NAMES, type IconName } from '../constants'

const iconTitle = (name: string) => name.replace(/-/g, ' ').replace(/^./, (first) => first.toUpperCase())

export const icon = defineType({
  name: 'icon',
  title: 'Icon',
  type: 'string',
  description: 'An icon from the website icon set.',
  icon: SparklesIcon,
  options: { list: ICON_NAMES.map((name) => ({ title: `${iconTitle(name)} (${name})`, value: name })) },
})
