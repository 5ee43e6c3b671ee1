// Generated from packages/schemas by `pnpm typegen` (src/rules/describe.ts). Do not edit.
import type { ContentRules } from './format'

export const CONTENT_RULES = {
  "types": {
    "siteSettings": {
      "type": "document",
      "name": "siteSettings",
      "fields": [
        {
          "type": "string",
          "name": "companyName",
          "required": true
        },
        {
          "type": "string",
          "name": "tagline",
          "required": true
        },
        {
          "type": "text",
          "name": "description",
          "required": true
        },
        {
          "type": "imageAsset",
          "name": "defaultShareImage"
        },
        {
          "type": "array",
          "name": "mainNavigation",
          "required": true,
          "min": 1,
          "of": [
            {
              "type": "link"
            }
          ]
        },
        {
          "type": "link",
          "name": "headerCta",
          "required": true
        },
        {
          "type": "string",
          "name": "signInLabel",
          "required": true
        },
        {
          "type": "array",
          "name": "footerColumns",
          "required": true,
          "min": 1,
          "of": [
            {
              "type": "footerColumn"
            }
          ]
        },
        {
          "type": "string",
          "name": "footerTagline"
        },
        {
          "type": "text",
          "name": "footerBlurb"
        },
        {
          "type": "array",
          "name": "bottomLinks",
          "of": [
            {
              "type": "link"
            }
          ]
        },
        {
          "type": "string",
          "name": "copyrightText",
          "required": true
        },
        {
          "type": "string",
          "name": "contactEmail",
          "required": true,
          "email": true
        },
        {
          "type": "string",
          "name": "contactPhone",
          "required": true
        },
        {
          "type": "string",
          "name": "landingPhone"
        },
        {
          "type": "datetime",
          "name": "giveawayEndsAt",
          "required": true
        },
        {
          "type": "string",
          "name": "backToResourcesLabel",
          "required": true,
          "initialValue": "Back to Resources"
        },
        {
          "type": "string",
          "name": "readTimeLabel",
          "required": true,
          "initialValue": "min read"
        },
        {
          "type": "string",
          "name": "skipLinkLabel",
          "required": true,
          "initialValue": "Skip to main content"
        }
      ]
    },
    "page": {
      "type": "document",
      "name": "page",
      "fields": [
        {
          "type": "string",
          "name": "title",
          "required": true
        },
        {
          "type": "slug",
          "name": "path",
          "required": true,
          "checks": [
            "pagePath"
          ]
        },
        {
          "type": "string",
          "name": "footer",
          "required": true,
          "options": [
            "full",
            "simple"
          ],
          "initialValue": "full"
        },
        {
          "type": "array",
          "name": "sections",
          "of": [
            {
              "type": "heroSection"
            },
            {
              "type": "countdownSection"
            },
            {
              "type": "featureGridSection"
            },
            {
              "type": "pillarsSection"
            },
            {
              "type": "challengeSolutionSection"
            },
            {
              "type": "stepsSection"
            },
            {
              "type": "statsSection"
            },
            {
              "type": "platformListSection"
            },
            {
              "type": "dashboardSection"
            },
            {
              "type": "richTextSection"
            },
            {
              "type": "rulesSection"
            },
            {
              "type": "testimonialsSection"
            },
            {
              "type": "comparisonTableSection"
            },
            {
              "type": "faqSection"
            },
            {
              "type": "pricingSection"
            },
            {
              "type": "guideOfferSection"
            },
            {
              "type": "ctaSection"
            },
            {
              "type": "contactFormSection"
            },
            {
              "type": "qualificationFormSection"
            },
            {
              "type": "giveawayFormSection"
            },
            {
              "type": "newsletterSection"
            },
            {
              "type": "resourceGridSection"
            },
            {
              "type": "legalDocumentSection"
            },
            {
              "type": "disclosureSection"
            }
          ]
        },
        {
          "type": "seo",
          "name": "seo"
        }
      ]
    },
    "resource": {
      "type": "document",
      "name": "resource",
      "fields": [
        {
          "type": "string",
          "name": "title",
          "required": true
        },
        {
          "type": "slug",
          "required": true,
          "checks": [
            "resourceSlug"
          ],
          "name": "slug"
        },
        {
          "type": "string",
          "name": "category",
          "required": true,
          "options": [
            "Guide",
            "Article",
            "Training Guide"
          ]
        },
        {
          "type": "text",
          "name": "description",
          "required": true
        },
        {
          "type": "date",
          "name": "publishedAt",
          "required": true
        },
        {
          "type": "number",
          "name": "readTime",
          "required": true,
          "integer": true,
          "min": 0
        },
        {
          "type": "boolean",
          "name": "featured",
          "initialValue": false
        },
        {
          "type": "imageAsset",
          "name": "coverImage"
        },
        {
          "type": "richText",
          "name": "body",
          "required": true
        },
        {
          "type": "callToAction",
          "name": "callToAction"
        },
        {
          "type": "boolean",
          "name": "gated",
          "initialValue": false
        },
        {
          "type": "resourceGate",
          "name": "gate",
          "checks": [
            "accessFormWhenGated"
          ]
        },
        {
          "type": "seo",
          "name": "seo"
        }
      ]
    },
    "testimonial": {
      "type": "document",
      "name": "testimonial",
      "fields": [
        {
          "type": "string",
          "name": "metric",
          "required": true
        },
        {
          "type": "string",
          "name": "label",
          "required": true
        },
        {
          "type": "text",
          "name": "quote",
          "required": true
        },
        {
          "type": "string",
          "name": "role",
          "required": true
        }
      ]
    },
    "faq": {
      "type": "document",
      "name": "faq",
      "fields": [
        {
          "type": "string",
          "name": "question",
          "required": true
        },
        {
          "type": "text",
          "name": "answer",
          "required": true
        }
      ]
    },
    "comparisonRow": {
      "type": "document",
      "name": "comparisonRow",
      "fields": [
        {
          "type": "string",
          "name": "feature",
          "required": true
        },
        {
          "type": "string",
          "name": "ourValue",
          "required": true
        },
        {
          "type": "string",
          "name": "competitorValue",
          "required": true
        }
      ]
    },
    "legalEmbed": {
      "type": "document",
      "name": "legalEmbed",
      "fields": [
        {
          "type": "string",
          "name": "title",
          "required": true
        },
        {
          "type": "url",
          "name": "documentUrl",
          "required": true,
          "httpsOnly": true
        }
      ]
    },
    "redirect": {
      "type": "document",
      "name": "redirect",
      "fields": [
        {
          "type": "string",
          "name": "from",
          "required": true,
          "checks": [
            "redirectFrom"
          ]
        },
        {
          "type": "string",
          "name": "to",
          "required": true,
          "checks": [
            "redirectTo"
          ]
        },
        {
          "type": "boolean",
          "name": "permanent",
          "initialValue": true
        }
      ]
    },
    "leadRouting": {
      "type": "document",
      "name": "leadRouting",
      "fields": [
        {
          "type": "array",
          "name": "rules",
          "of": [
            {
              "type": "object",
              "name": "leadRoutingRule",
              "fields": [
                {
                  "type": "string",
                  "name": "name",
                  "required": true,
                  "regex": {
                    "source": "^[a-z0-9][a-z0-9-]{0,39}$",
                    "flags": "",
                    "name": "lower-case letters, digits and hyphens (at most 40)"
                  }
                },
                {
                  "type": "array",
                  "name": "forms",
                  "options": [
                    "contact",
                    "guide",
                    "qualify",
                    "giveaway"
                  ],
                  "of": [
                    {
                      "type": "string"
                    }
                  ]
                },
                {
                  "type": "array",
                  "name": "role",
                  "options": [
                    "RIA",
                    "Independent Advisor",
                    "Insurance Agent",
                    "IMO/FMO"
                  ],
                  "of": [
                    {
                      "type": "string"
                    }
                  ]
                },
                {
                  "type": "array",
                  "name": "interest",
                  "options": [
                    "app",
                    "funnels",
                    "ads",
                    "all",
                    "other"
                  ],
                  "of": [
                    {
                      "type": "string"
                    }
                  ]
                },
                {
                  "type": "array",
                  "name": "timeline",
                  "options": [
                    "Immediately (this week)",
                    "Within 1 month",
                    "1-3 months",
                    "3-6 months",
                    "Just researching"
                  ],
                  "of": [
                    {
                      "type": "string"
                    }
                  ]
                },
                {
                  "type": "array",
                  "name": "monthlyMarketingBudget",
                  "options": [
                    "Under $2,500",
                    "$2,500-$5,000",
                    "$5,000-$10,000",
                    "$10,000-$25,000",
                    "Over $25,000"
                  ],
                  "of": [
                    {
                      "type": "string"
                    }
                  ]
                },
                {
                  "type": "array",
                  "name": "decisionMaker",
                  "options": [
                    "Yes",
                    "Shared Decision",
                    "No"
                  ],
                  "of": [
                    {
                      "type": "string"
                    }
                  ]
                },
                {
                  "type": "array",
                  "name": "currentAUM",
                  "options": [
                    "Under $25M",
                    "$25M-$50M",
                    "$50M-$100M",
                    "$100M-$250M",
                    "Over $250M"
                  ],
                  "of": [
                    {
                      "type": "string"
                    }
                  ]
                },
                {
                  "type": "array",
                  "name": "production12Month",
                  "options": [
                    "Under $5M",
                    "$5M-$10M",
                    "$10M-$20M",
                    "$20M-$50M",
                    "Over $50M"
                  ],
                  "of": [
                    {
                      "type": "string"
                    }
                  ]
                },
                {
                  "type": "number",
                  "name": "minScore"
                },
                {
                  "type": "boolean",
                  "name": "hot",
                  "initialValue": false
                },
                {
                  "type": "array",
                  "name": "emails",
                  "of": [
                    {
                      "type": "string"
                    }
                  ]
                },
                {
                  "type": "array",
                  "name": "channels",
                  "options": [],
                  "of": [
                    {
                      "type": "string"
                    }
                  ]
                }
              ]
            }
          ]
        },
        {
          "type": "array",
          "name": "otherwiseEmails",
          "of": [
            {
              "type": "string"
            }
          ]
        },
        {
          "type": "array",
          "name": "confirmations",
          "of": [
            {
              "type": "object",
              "name": "leadConfirmation",
              "fields": [
                {
                  "type": "string",
                  "name": "form",
                  "required": true,
                  "options": [
                    "contact",
                    "guide",
                    "qualify",
                    "giveaway"
                  ]
                },
                {
                  "type": "string",
                  "name": "subject",
                  "required": true
                },
                {
                  "type": "text",
                  "name": "body",
                  "required": true
                }
              ]
            }
          ]
        },
        {
          "type": "array",
          "name": "rotation",
          "of": [
            {
              "type": "object",
              "name": "rotationPerson",
              "fields": [
                {
                  "type": "string",
                  "name": "email",
                  "required": true,
                  "regex": {
                    "source": "^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$",
                    "flags": "",
                    "name": "e-mail address"
                  }
                },
                {
                  "type": "boolean",
                  "name": "away",
                  "initialValue": false
                }
              ]
            }
          ]
        },
        {
          "type": "number",
          "name": "claimWindowMinutes",
          "min": 0,
          "max": 10080,
          "initialValue": 5
        },
        {
          "type": "array",
          "name": "escalationEmails",
          "of": [
            {
              "type": "string"
            }
          ]
        },
        {
          "type": "number",
          "name": "escalateAfterMinutes",
          "min": 0,
          "max": 10080,
          "initialValue": 60
        },
        {
          "type": "object",
          "name": "businessHours",
          "fields": [
            {
              "type": "string",
              "name": "timeZone",
              "required": true,
              "options": [
                "America/New_York",
                "America/Chicago",
                "America/Denver",
                "America/Phoenix",
                "America/Los_Angeles",
                "America/Anchorage",
                "Pacific/Honolulu"
              ],
              "initialValue": "America/New_York"
            },
            {
              "type": "array",
              "name": "days",
              "required": true,
              "min": 1,
              "options": [
                "mon",
                "tue",
                "wed",
                "thu",
                "fri",
                "sat",
                "sun"
              ],
              "initialValue": [
                "mon",
                "tue",
                "wed",
                "thu",
                "fri"
              ],
              "of": [
                {
                  "type": "string"
                }
              ]
            },
            {
              "type": "string",
              "name": "opens",
              "required": true,
              "regex": {
                "source": "^([01]\\d|2[0-3]):[0-5]\\d$",
                "flags": "",
                "name": "time as HH:MM"
              },
              "initialValue": "09:00"
            },
            {
              "type": "string",
              "name": "closes",
              "required": true,
              "regex": {
                "source": "^([01]\\d|2[0-3]):[0-5]\\d$",
                "flags": "",
                "name": "time as HH:MM"
              },
              "initialValue": "17:00"
            }
          ]
        },
        {
          "type": "object",
          "name": "scoring",
          "fields": [
            {
              "type": "array",
              "name": "role",
              "of": [
                {
                  "type": "object",
                  "name": "answerPoints",
                  "fields": [
                    {
                      "type": "string",
                      "name": "value",
                      "required": true,
                      "options": [
                        "RIA",
                        "Independent Advisor",
                        "Insurance Agent",
                        "IMO/FMO"
                      ]
                    },
                    {
                      "type": "number",
                      "name": "points",
                      "required": true,
                      "integer": true,
                      "min": -100,
                      "max": 100
                    }
                  ]
                }
              ]
            },
            {
              "type": "array",
              "name": "timeline",
              "of": [
                {
                  "type": "object",
                  "name": "answerPoints",
                  "fields": [
                    {
                      "type": "string",
                      "name": "value",
                      "required": true,
                      "options": [
                        "Immediately (this week)",
                        "Within 1 month",
                        "1-3 months",
                        "3-6 months",
                        "Just researching"
                      ]
                    },
                    {
                      "type": "number",
                      "name": "points",
                      "required": true,
                      "integer": true,
                      "min": -100,
                      "max": 100
                    }
                  ]
                }
              ]
            },
            {
              "type": "array",
              "name": "monthlyMarketingBudget",
              "of": [
                {
                  "type": "object",
                  "name": "answerPoints",
                  "fields": [
                    {
                      "type": "string",
                      "name": "value",
                      "required": true,
                      "options": [
                        "Under $2,500",
                        "$2,500-$5,000",
                        "$5,000-$10,000",
                        "$10,000-$25,000",
                        "Over $25,000"
                      ]
                    },
                    {
                      "type": "number",
                      "name": "points",
                      "required": true,
                      "integer": true,
                      "min": -100,
                      "max": 100
                    }
                  ]
                }
              ]
            },
            {
              "type": "array",
              "name": "decisionMaker",
              "of": [
                {
                  "type": "object",
                  "name": "answerPoints",
                  "fields": [
                    {
                      "type": "string",
                      "name": "value",
                      "required": true,
                      "options": [
                        "Yes",
                        "Shared Decision",
                        "No"
                      ]
                    },
                    {
                      "type": "number",
                      "name": "points",
                      "required": true,
                      "integer": true,
                      "min": -100,
                      "max": 100
                    }
                  ]
                }
              ]
            },
            {
              "type": "array",
              "name": "currentAUM",
              "of": [
                {
                  "type": "object",
                  "name": "answerPoints",
                  "fields": [
                    {
                      "type": "string",
                      "name": "value",
                      "required": true,
                      "options": [
                        "Under $25M",
                        "$25M-$50M",
                        "$50M-$100M",
                        "$100M-$250M",
                        "Over $250M"
                      ]
                    },
                    {
                      "type": "number",
                      "name": "points",
                      "required": true,
                      "integer": true,
                      "min": -100,
                      "max": 100
                    }
                  ]
                }
              ]
            },
            {
              "type": "array",
              "name": "production12Month",
              "of": [
                {
                  "type": "object",
                  "name": "answerPoints",
                  "fields": [
                    {
                      "type": "string",
                      "name": "value",
                      "required": true,
                      "options": [
                        "Under $5M",
                        "$5M-$10M",
                        "$10M-$20M",
                        "$20M-$50M",
                        "Over $50M"
                      ]
                    },
                    {
                      "type": "number",
                      "name": "points",
                      "required": true,
                      "integer": true,
                      "min": -100,
                      "max": 100
                    }
                  ]
                }
              ]
            }
          ]
        },
        {
          "type": "array",
          "name": "lostReasons",
          "initialValue": [
            "No budget",
            "Chose a competitor",
            "No response",
            "Timing"
          ],
          "of": [
            {
              "type": "string",
              "required": true,
              "max": 200
            }
          ]
        }
      ]
    },
    "experiment": {
      "type": "document",
      "name": "experiment",
      "fields": [
        {
          "type": "string",
          "name": "title",
          "required": true
        },
        {
          "type": "reference",
          "name": "page",
          "required": true,
          "to": [
            "page"
          ]
        },
        {
          "type": "string",
          "name": "sectionKey",
          "required": true
        },
        {
          "type": "array",
          "name": "variants",
          "required": true,
          "min": 2,
          "max": 4,
          "checks": [
            "experimentVariants"
          ],
          "initialValue": [
            {
              "_type": "experimentVariant",
              "_key": "a",
              "key": "a",
              "label": "Control",
              "weight": 50,
              "control": true
            },
            {
              "_type": "experimentVariant",
              "_key": "b",
              "key": "b",
              "label": "Variant B",
              "weight": 50,
              "control": false
            }
          ],
          "of": [
            {
              "type": "object",
              "name": "experimentVariant",
              "fields": [
                {
                  "type": "string",
                  "name": "key",
                  "required": true,
                  "checks": [
                    "variantKey"
                  ]
                },
                {
                  "type": "string",
                  "name": "label",
                  "required": true
                },
                {
                  "type": "number",
                  "name": "weight",
                  "required": true,
                  "integer": true,
                  "min": 1,
                  "max": 99,
                  "initialValue": 50
                },
                {
                  "type": "boolean",
                  "name": "control",
                  "initialValue": false
                },
                {
                  "type": "string",
                  "name": "heading"
                },
                {
                  "type": "text",
                  "name": "text"
                },
                {
                  "type": "string",
                  "name": "ctaLabel"
                },
                {
                  "type": "array",
                  "name": "replacement",
                  "max": 1,
                  "of": [
                    {
                      "type": "heroSection"
                    },
                    {
                      "type": "countdownSection"
                    },
                    {
                      "type": "featureGridSection"
                    },
                    {
                      "type": "pillarsSection"
                    },
                    {
                      "type": "challengeSolutionSection"
                    },
                    {
                      "type": "stepsSection"
                    },
                    {
                      "type": "statsSection"
                    },
                    {
                      "type": "platformListSection"
                    },
                    {
                      "type": "dashboardSection"
                    },
                    {
                      "type": "richTextSection"
                    },
                    {
                      "type": "rulesSection"
                    },
                    {
                      "type": "testimonialsSection"
                    },
                    {
                      "type": "comparisonTableSection"
                    },
                    {
                      "type": "faqSection"
                    },
                    {
                      "type": "pricingSection"
                    },
                    {
                      "type": "guideOfferSection"
                    },
                    {
                      "type": "ctaSection"
                    },
                    {
                      "type": "contactFormSection"
                    },
                    {
                      "type": "qualificationFormSection"
                    },
                    {
                      "type": "giveawayFormSection"
                    },
                    {
                      "type": "newsletterSection"
                    },
                    {
                      "type": "resourceGridSection"
                    },
                    {
                      "type": "legalDocumentSection"
                    },
                    {
                      "type": "disclosureSection"
                    }
                  ]
                }
              ]
            }
          ]
        },
        {
          "type": "string",
          "name": "goal",
          "required": true,
          "options": [
            "any",
            "contact",
            "guide",
            "qualify",
            "giveaway"
          ],
          "initialValue": "any"
        },
        {
          "type": "datetime",
          "name": "startsAt",
          "required": true
        },
        {
          "type": "datetime",
          "name": "endsAt",
          "checks": [
            "experimentEnd"
          ]
        },
        {
          "type": "string",
          "name": "status",
          "required": true,
          "options": [
            "draft",
            "running",
            "stopped",
            "promoted"
          ],
          "initialValue": "draft"
        },
        {
          "type": "string",
          "name": "promotedVariant"
        }
      ]
    },
    "campaignSpend": {
      "type": "document",
      "name": "campaignSpend",
      "fields": [
        {
          "type": "string",
          "name": "campaign",
          "required": true,
          "max": 100
        },
        {
          "type": "string",
          "name": "source",
          "max": 100
        },
        {
          "type": "string",
          "name": "medium",
          "max": 100
        },
        {
          "type": "string",
          "name": "month",
          "required": true,
          "regex": {
            "source": "^\\d{4}-(0[1-9]|1[0-2])$",
            "flags": "",
            "name": "YYYY-MM"
          }
        },
        {
          "type": "number",
          "name": "amount",
          "required": true,
          "min": 0,
          "max": 10000000
        }
      ]
    },
    "link": {
      "type": "object",
      "name": "link",
      "fields": [
        {
          "type": "string",
          "name": "label",
          "required": true
        },
        {
          "type": "string",
          "name": "href",
          "required": true,
          "checks": [
            "href"
          ]
        },
        {
          "type": "string",
          "name": "style",
          "options": [
            "primary",
            "secondary",
            "ghost"
          ]
        },
        {
          "type": "boolean",
          "name": "openInNewTab"
        }
      ]
    },
    "seo": {
      "type": "object",
      "name": "seo",
      "fields": [
        {
          "type": "string",
          "name": "title"
        },
        {
          "type": "text",
          "name": "description"
        },
        {
          "type": "imageAsset",
          "name": "image"
        }
      ]
    },
    "icon": {
      "type": "string",
      "name": "icon",
      "options": [
        "users",
        "user-check",
        "target",
        "trending-up",
        "bar-chart-3",
        "line-chart",
        "calendar",
        "clock",
        "shield-check",
        "check-circle",
        "award",
        "star",
        "zap",
        "rocket",
        "sparkles",
        "brain",
        "bot",
        "lightbulb",
        "mail",
        "phone",
        "message-square",
        "bell",
        "megaphone",
        "file-text",
        "graduation-cap",
        "calculator",
        "dollar-sign",
        "search",
        "filter",
        "layout",
        "layers",
        "settings",
        "refresh-cw",
        "workflow",
        "pen-tool",
        "monitor",
        "smartphone",
        "video",
        "mic",
        "camera",
        "thumbs-up",
        "share-2",
        "globe",
        "handshake",
        "heart",
        "gift",
        "building",
        "briefcase"
      ]
    },
    "imageAsset": {
      "type": "object",
      "name": "imageAsset",
      "checks": [
        "imageSource"
      ],
      "fields": [
        {
          "type": "image",
          "name": "upload"
        },
        {
          "type": "string",
          "name": "src",
          "checks": [
            "urlPath"
          ]
        },
        {
          "type": "string",
          "name": "alt"
        }
      ]
    },
    "articleImage": {
      "type": "object",
      "name": "articleImage",
      "checks": [
        "imageSource"
      ],
      "fields": [
        {
          "type": "image",
          "name": "upload",
          "required": true
        },
        {
          "type": "string",
          "name": "alt"
        },
        {
          "type": "string",
          "name": "caption"
        }
      ]
    },
    "richText": {
      "type": "array",
      "name": "richText",
      "of": [
        {
          "type": "block",
          "styles": [
            "normal",
            "h2",
            "h3",
            "h4",
            "blockquote"
          ],
          "lists": [
            "bullet",
            "number"
          ],
          "decorators": [
            "strong",
            "em"
          ],
          "annotations": [
            {
              "type": "object",
              "name": "link",
              "fields": [
                {
                  "type": "string",
                  "name": "href",
                  "required": true,
                  "checks": [
                    "href"
                  ]
                }
              ]
            }
          ]
        },
        {
          "type": "articleImage"
        },
        {
          "type": "callout"
        },
        {
          "type": "table"
        }
      ]
    },
    "callout": {
      "type": "object",
      "name": "callout",
      "fields": [
        {
          "type": "string",
          "name": "tone",
          "required": true,
          "options": [
            "info",
            "tip",
            "warning"
          ],
          "initialValue": "info"
        },
        {
          "type": "string",
          "name": "title"
        },
        {
          "type": "text",
          "required": true,
          "name": "text"
        }
      ]
    },
    "table": {
      "type": "object",
      "name": "table",
      "fields": [
        {
          "type": "string",
          "name": "caption"
        },
        {
          "type": "array",
          "name": "columns",
          "required": true,
          "min": 1,
          "of": [
            {
              "type": "string"
            }
          ]
        },
        {
          "type": "array",
          "name": "rows",
          "required": true,
          "min": 1,
          "of": [
            {
              "type": "tableRow"
            }
          ]
        }
      ]
    },
    "tableRow": {
      "type": "object",
      "name": "tableRow",
      "fields": [
        {
          "type": "array",
          "name": "cells",
          "required": true,
          "min": 1,
          "of": [
            {
              "type": "string"
            }
          ]
        }
      ]
    },
    "footerColumn": {
      "type": "object",
      "name": "footerColumn",
      "fields": [
        {
          "type": "string",
          "name": "title",
          "required": true
        },
        {
          "type": "array",
          "name": "links",
          "required": true,
          "min": 1,
          "of": [
            {
              "type": "link"
            }
          ]
        }
      ]
    },
    "resourceGate": {
      "type": "object",
      "name": "resourceGate",
      "fields": [
        {
          "type": "string",
          "name": "heading",
          "required": true
        },
        {
          "type": "text",
          "name": "text"
        },
        {
          "type": "string",
          "name": "nameLabel",
          "required": true
        },
        {
          "type": "string",
          "name": "namePlaceholder"
        },
        {
          "type": "string",
          "name": "emailLabel",
          "required": true
        },
        {
          "type": "string",
          "name": "emailPlaceholder"
        },
        {
          "type": "string",
          "name": "phoneLabel",
          "required": true
        },
        {
          "type": "string",
          "name": "phonePlaceholder"
        },
        {
          "type": "string",
          "name": "privacyNote"
        }
      ]
    },
    "callToAction": {
      "type": "object",
      "name": "callToAction",
      "fields": [
        {
          "type": "string",
          "name": "heading",
          "required": true
        },
        {
          "type": "text",
          "name": "text"
        },
        {
          "type": "link",
          "required": true,
          "name": "link"
        }
      ]
    },
    "aside": {
      "type": "object",
      "name": "aside",
      "fields": [
        {
          "type": "string",
          "name": "title",
          "required": true
        },
        {
          "type": "array",
          "name": "points",
          "required": true,
          "min": 1,
          "of": [
            {
              "type": "string"
            }
          ]
        }
      ]
    },
    "featureCard": {
      "type": "object",
      "name": "featureCard",
      "fields": [
        {
          "type": "icon",
          "name": "icon"
        },
        {
          "type": "string",
          "name": "title",
          "required": true
        },
        {
          "type": "text",
          "name": "description"
        },
        {
          "type": "array",
          "name": "features",
          "of": [
            {
              "type": "string"
            }
          ]
        },
        {
          "type": "link",
          "name": "link"
        }
      ]
    },
    "pillar": {
      "type": "object",
      "name": "pillar",
      "fields": [
        {
          "type": "string",
          "name": "label"
        },
        {
          "type": "string",
          "name": "title",
          "required": true
        },
        {
          "type": "text",
          "name": "description"
        },
        {
          "type": "array",
          "name": "features",
          "of": [
            {
              "type": "string"
            }
          ]
        },
        {
          "type": "icon",
          "name": "icon"
        }
      ]
    },
    "step": {
      "type": "object",
      "name": "step",
      "fields": [
        {
          "type": "string",
          "name": "label"
        },
        {
          "type": "string",
          "name": "title",
          "required": true
        },
        {
          "type": "text",
          "name": "description"
        },
        {
          "type": "icon",
          "name": "icon"
        },
        {
          "type": "array",
          "name": "points",
          "of": [
            {
              "type": "string"
            }
          ]
        }
      ]
    },
    "stat": {
      "type": "object",
      "name": "stat",
      "fields": [
        {
          "type": "string",
          "name": "value",
          "required": true
        },
        {
          "type": "string",
          "name": "label",
          "required": true
        },
        {
          "type": "text",
          "name": "description"
        }
      ]
    },
    "platform": {
      "type": "object",
      "name": "platform",
      "fields": [
        {
          "type": "string",
          "name": "name",
          "required": true
        },
        {
          "type": "icon",
          "name": "icon"
        },
        {
          "type": "text",
          "name": "description"
        },
        {
          "type": "array",
          "name": "formats",
          "of": [
            {
              "type": "string"
            }
          ]
        }
      ]
    },
    "questionCopy": {
      "type": "object",
      "name": "questionCopy",
      "fields": [
        {
          "type": "string",
          "name": "questionId",
          "required": true,
          "options": [
            "firstName",
            "lastName",
            "email",
            "phone",
            "company",
            "role",
            "numberOfAdvisors",
            "numberOfAgents",
            "production12Month",
            "writesAnnuities",
            "annuityProduction",
            "currentAUM",
            "primaryChallenge",
            "monthlyMarketingBudget",
            "timeline",
            "decisionMaker"
          ]
        },
        {
          "type": "string",
          "name": "prompt",
          "required": true
        },
        {
          "type": "string",
          "name": "help"
        },
        {
          "type": "string",
          "name": "placeholder"
        }
      ]
    },
    "dashboard": {
      "type": "object",
      "name": "dashboard",
      "fields": [
        {
          "type": "string",
          "name": "kind",
          "required": true,
          "options": [
            "leads",
            "campaigns",
            "webinar"
          ],
          "initialValue": "leads"
        },
        {
          "type": "string",
          "name": "title",
          "required": true
        },
        {
          "type": "string",
          "name": "caption"
        },
        {
          "type": "array",
          "name": "columnLabels",
          "of": [
            {
              "type": "string"
            }
          ]
        },
        {
          "type": "array",
          "name": "metrics",
          "of": [
            {
              "type": "metric"
            }
          ]
        },
        {
          "type": "array",
          "name": "leads",
          "of": [
            {
              "type": "mockLead"
            }
          ]
        },
        {
          "type": "array",
          "name": "campaigns",
          "of": [
            {
              "type": "mockCampaign"
            }
          ]
        },
        {
          "type": "array",
          "name": "registrants",
          "of": [
            {
              "type": "mockRegistrant"
            }
          ]
        }
      ]
    },
    "metric": {
      "type": "object",
      "name": "metric",
      "fields": [
        {
          "type": "string",
          "name": "label",
          "required": true
        },
        {
          "type": "string",
          "name": "value",
          "required": true
        },
        {
          "type": "string",
          "name": "trend"
        }
      ]
    },
    "mockLead": {
      "type": "object",
      "name": "mockLead",
      "fields": [
        {
          "type": "string",
          "name": "name",
          "required": true
        },
        {
          "type": "number",
          "name": "age",
          "required": true,
          "integer": true,
          "min": 0
        },
        {
          "type": "string",
          "name": "assets",
          "required": true
        },
        {
          "type": "number",
          "name": "score",
          "required": true,
          "integer": true,
          "min": 0,
          "max": 100
        },
        {
          "type": "string",
          "name": "status",
          "required": true,
          "options": [
            "Qualified",
            "Nurturing"
          ]
        }
      ]
    },
    "mockCampaign": {
      "type": "object",
      "name": "mockCampaign",
      "fields": [
        {
          "type": "string",
          "name": "name",
          "required": true
        },
        {
          "type": "string",
          "name": "platform",
          "required": true
        },
        {
          "type": "string",
          "name": "spend",
          "required": true
        },
        {
          "type": "number",
          "name": "leads",
          "required": true,
          "integer": true,
          "min": 0
        },
        {
          "type": "string",
          "name": "costPerLead",
          "required": true
        }
      ]
    },
    "mockRegistrant": {
      "type": "object",
      "name": "mockRegistrant",
      "fields": [
        {
          "type": "string",
          "name": "name",
          "required": true
        },
        {
          "type": "string",
          "name": "webinar",
          "required": true
        },
        {
          "type": "string",
          "name": "registered",
          "required": true
        },
        {
          "type": "string",
          "name": "status",
          "required": true
        }
      ]
    },
    "heroSection": {
      "type": "object",
      "name": "heroSection",
      "fields": [
        {
          "type": "string",
          "name": "eyebrow"
        },
        {
          "type": "string",
          "name": "heading",
          "required": true
        },
        {
          "type": "string",
          "name": "highlight"
        },
        {
          "type": "text",
          "name": "text"
        },
        {
          "type": "array",
          "name": "actions",
          "of": [
            {
              "type": "link"
            }
          ]
        },
        {
          "type": "array",
          "name": "highlights",
          "of": [
            {
              "type": "string"
            }
          ]
        },
        {
          "type": "imageAsset",
          "name": "backgroundImage"
        },
        {
          "type": "string",
          "name": "badge"
        },
        {
          "type": "string",
          "name": "align",
          "required": true,
          "options": [
            "left",
            "center"
          ],
          "initialValue": "left"
        },
        {
          "type": "string",
          "name": "anchor",
          "checks": [
            "anchor"
          ]
        }
      ]
    },
    "countdownSection": {
      "type": "object",
      "name": "countdownSection",
      "fields": [
        {
          "type": "string",
          "name": "heading",
          "required": true
        },
        {
          "type": "text",
          "name": "text"
        },
        {
          "type": "string",
          "name": "daysLabel",
          "required": true,
          "initialValue": "Days"
        },
        {
          "type": "string",
          "name": "hoursLabel",
          "required": true,
          "initialValue": "Hours"
        },
        {
          "type": "string",
          "name": "minutesLabel",
          "required": true,
          "initialValue": "Minutes"
        },
        {
          "type": "string",
          "name": "secondsLabel",
          "required": true,
          "initialValue": "Seconds"
        },
        {
          "type": "string",
          "name": "anchor",
          "checks": [
            "anchor"
          ]
        }
      ]
    },
    "featureGridSection": {
      "type": "object",
      "name": "featureGridSection",
      "fields": [
        {
          "type": "string",
          "name": "eyebrow"
        },
        {
          "type": "string",
          "name": "heading",
          "required": true
        },
        {
          "type": "text",
          "name": "intro"
        },
        {
          "type": "number",
          "name": "columns",
          "required": true,
          "options": [
            2,
            3,
            4
          ],
          "initialValue": 3
        },
        {
          "type": "string",
          "name": "variant",
          "required": true,
          "options": [
            "cards",
            "compact",
            "numbered"
          ],
          "initialValue": "cards"
        },
        {
          "type": "array",
          "name": "items",
          "required": true,
          "min": 1,
          "of": [
            {
              "type": "featureCard"
            }
          ]
        },
        {
          "type": "string",
          "name": "anchor",
          "checks": [
            "anchor"
          ]
        }
      ]
    },
    "pillarsSection": {
      "type": "object",
      "name": "pillarsSection",
      "fields": [
        {
          "type": "string",
          "name": "eyebrow"
        },
        {
          "type": "string",
          "name": "heading",
          "required": true
        },
        {
          "type": "text",
          "name": "intro"
        },
        {
          "type": "array",
          "name": "pillars",
          "required": true,
          "min": 1,
          "of": [
            {
              "type": "pillar"
            }
          ]
        },
        {
          "type": "link",
          "name": "link"
        },
        {
          "type": "string",
          "name": "anchor",
          "checks": [
            "anchor"
          ]
        }
      ]
    },
    "challengeSolutionSection": {
      "type": "object",
      "name": "challengeSolutionSection",
      "fields": [
        {
          "type": "string",
          "name": "eyebrow"
        },
        {
          "type": "string",
          "name": "heading",
          "required": true
        },
        {
          "type": "text",
          "name": "intro"
        },
        {
          "type": "string",
          "name": "challengeTitle",
          "required": true
        },
        {
          "type": "array",
          "name": "challenges",
          "required": true,
          "min": 1,
          "of": [
            {
              "type": "string"
            }
          ]
        },
        {
          "type": "string",
          "name": "solutionTitle",
          "required": true
        },
        {
          "type": "array",
          "name": "solutions",
          "required": true,
          "min": 1,
          "of": [
            {
              "type": "string"
            }
          ]
        },
        {
          "type": "link",
          "name": "link"
        },
        {
          "type": "string",
          "name": "anchor",
          "checks": [
            "anchor"
          ]
        }
      ]
    },
    "stepsSection": {
      "type": "object",
      "name": "stepsSection",
      "fields": [
        {
          "type": "string",
          "name": "eyebrow"
        },
        {
          "type": "string",
          "name": "heading",
          "required": true
        },
        {
          "type": "text",
          "name": "intro"
        },
        {
          "type": "string",
          "name": "variant",
          "required": true,
          "options": [
            "timeline",
            "cards",
            "list"
          ],
          "initialValue": "cards"
        },
        {
          "type": "array",
          "name": "steps",
          "required": true,
          "min": 1,
          "of": [
            {
              "type": "step"
            }
          ]
        },
        {
          "type": "link",
          "name": "link"
        },
        {
          "type": "string",
          "name": "anchor",
          "checks": [
            "anchor"
          ]
        }
      ]
    },
    "statsSection": {
      "type": "object",
      "name": "statsSection",
      "fields": [
        {
          "type": "string",
          "name": "eyebrow"
        },
        {
          "type": "string",
          "name": "heading"
        },
        {
          "type": "text",
          "name": "intro"
        },
        {
          "type": "array",
          "name": "stats",
          "required": true,
          "min": 1,
          "of": [
            {
              "type": "stat"
            }
          ]
        },
        {
          "type": "string",
          "name": "anchor",
          "checks": [
            "anchor"
          ]
        }
      ]
    },
    "platformListSection": {
      "type": "object",
      "name": "platformListSection",
      "fields": [
        {
          "type": "string",
          "name": "eyebrow"
        },
        {
          "type": "string",
          "name": "heading",
          "required": true
        },
        {
          "type": "text",
          "name": "intro"
        },
        {
          "type": "array",
          "name": "platforms",
          "required": true,
          "min": 1,
          "of": [
            {
              "type": "platform"
            }
          ]
        },
        {
          "type": "string",
          "name": "anchor",
          "checks": [
            "anchor"
          ]
        }
      ]
    },
    "dashboardSection": {
      "type": "object",
      "name": "dashboardSection",
      "fields": [
        {
          "type": "string",
          "name": "eyebrow"
        },
        {
          "type": "string",
          "name": "heading",
          "required": true
        },
        {
          "type": "text",
          "name": "text"
        },
        {
          "type": "array",
          "name": "points",
          "of": [
            {
              "type": "string"
            }
          ]
        },
        {
          "type": "array",
          "name": "actions",
          "of": [
            {
              "type": "link"
            }
          ]
        },
        {
          "type": "boolean",
          "name": "reverse",
          "initialValue": false
        },
        {
          "type": "dashboard",
          "required": true,
          "name": "dashboard"
        },
        {
          "type": "string",
          "name": "anchor",
          "checks": [
            "anchor"
          ]
        }
      ]
    },
    "richTextSection": {
      "type": "object",
      "name": "richTextSection",
      "fields": [
        {
          "type": "string",
          "name": "eyebrow"
        },
        {
          "type": "string",
          "name": "heading"
        },
        {
          "type": "richText",
          "name": "body",
          "required": true
        },
        {
          "type": "aside",
          "name": "aside"
        },
        {
          "type": "string",
          "name": "anchor",
          "checks": [
            "anchor"
          ]
        }
      ]
    },
    "rulesSection": {
      "type": "object",
      "name": "rulesSection",
      "fields": [
        {
          "type": "string",
          "name": "eyebrow"
        },
        {
          "type": "string",
          "name": "heading",
          "required": true
        },
        {
          "type": "text",
          "name": "intro"
        },
        {
          "type": "array",
          "name": "rules",
          "required": true,
          "min": 1,
          "of": [
            {
              "type": "string"
            }
          ]
        },
        {
          "type": "string",
          "name": "anchor",
          "checks": [
            "anchor"
          ]
        }
      ]
    },
    "testimonialsSection": {
      "type": "object",
      "name": "testimonialsSection",
      "fields": [
        {
          "type": "string",
          "name": "eyebrow"
        },
        {
          "type": "string",
          "name": "heading",
          "required": true
        },
        {
          "type": "text",
          "name": "intro"
        },
        {
          "type": "array",
          "name": "testimonials",
          "required": true,
          "min": 1,
          "of": [
            {
              "type": "reference",
              "to": [
                "testimonial"
              ]
            }
          ]
        },
        {
          "type": "string",
          "name": "anchor",
          "checks": [
            "anchor"
          ]
        }
      ]
    },
    "comparisonTableSection": {
      "type": "object",
      "name": "comparisonTableSection",
      "fields": [
        {
          "type": "string",
          "name": "eyebrow"
        },
        {
          "type": "string",
          "name": "heading",
          "required": true
        },
        {
          "type": "text",
          "name": "intro"
        },
        {
          "type": "string",
          "name": "featureLabel",
          "required": true,
          "initialValue": "Feature"
        },
        {
          "type": "string",
          "name": "ourLabel",
          "required": true
        },
        {
          "type": "string",
          "name": "competitorLabel",
          "required": true
        },
        {
          "type": "array",
          "name": "rows",
          "required": true,
          "min": 1,
          "of": [
            {
              "type": "reference",
              "to": [
                "comparisonRow"
              ]
            }
          ]
        },
        {
          "type": "link",
          "name": "link"
        },
        {
          "type": "string",
          "name": "anchor",
          "checks": [
            "anchor"
          ]
        }
      ]
    },
    "faqSection": {
      "type": "object",
      "name": "faqSection",
      "fields": [
        {
          "type": "string",
          "name": "eyebrow"
        },
        {
          "type": "string",
          "name": "heading",
          "required": true
        },
        {
          "type": "text",
          "name": "intro"
        },
        {
          "type": "array",
          "name": "items",
          "required": true,
          "min": 1,
          "of": [
            {
              "type": "reference",
              "to": [
                "faq"
              ]
            }
          ]
        },
        {
          "type": "string",
          "name": "anchor",
          "checks": [
            "anchor"
          ]
        }
      ]
    },
    "pricingSection": {
      "type": "object",
      "name": "pricingSection",
      "fields": [
        {
          "type": "string",
          "name": "eyebrow"
        },
        {
          "type": "string",
          "name": "heading",
          "required": true
        },
        {
          "type": "text",
          "name": "intro"
        },
        {
          "type": "string",
          "name": "planName",
          "required": true
        },
        {
          "type": "string",
          "name": "price",
          "required": true
        },
        {
          "type": "string",
          "name": "originalPrice"
        },
        {
          "type": "string",
          "name": "priceNote"
        },
        {
          "type": "array",
          "name": "features",
          "required": true,
          "min": 1,
          "of": [
            {
              "type": "string"
            }
          ]
        },
        {
          "type": "text",
          "name": "guarantee"
        },
        {
          "type": "link",
          "name": "action",
          "required": true
        },
        {
          "type": "string",
          "name": "footnote"
        },
        {
          "type": "string",
          "name": "anchor",
          "checks": [
            "anchor"
          ]
        }
      ]
    },
    "guideOfferSection": {
      "type": "object",
      "name": "guideOfferSection",
      "fields": [
        {
          "type": "string",
          "name": "eyebrow"
        },
        {
          "type": "string",
          "name": "heading",
          "required": true
        },
        {
          "type": "text",
          "name": "text"
        },
        {
          "type": "string",
          "name": "originalPrice"
        },
        {
          "type": "string",
          "name": "price",
          "required": true
        },
        {
          "type": "string",
          "name": "nameLabel",
          "required": true
        },
        {
          "type": "string",
          "name": "emailLabel",
          "required": true
        },
        {
          "type": "string",
          "name": "submitLabel",
          "required": true
        },
        {
          "type": "text",
          "name": "guarantee"
        },
        {
          "type": "array",
          "name": "points",
          "of": [
            {
              "type": "string"
            }
          ]
        },
        {
          "type": "string",
          "name": "anchor",
          "checks": [
            "anchor"
          ]
        }
      ]
    },
    "ctaSection": {
      "type": "object",
      "name": "ctaSection",
      "fields": [
        {
          "type": "string",
          "name": "heading",
          "required": true
        },
        {
          "type": "text",
          "name": "text"
        },
        {
          "type": "array",
          "name": "actions",
          "required": true,
          "min": 1,
          "of": [
            {
              "type": "link"
            }
          ]
        },
        {
          "type": "string",
          "name": "note"
        },
        {
          "type": "string",
          "name": "tone",
          "required": true,
          "options": [
            "brand",
            "light"
          ],
          "initialValue": "brand"
        },
        {
          "type": "string",
          "name": "anchor",
          "checks": [
            "anchor"
          ]
        }
      ]
    },
    "contactFormSection": {
      "type": "object",
      "name": "contactFormSection",
      "fields": [
        {
          "type": "string",
          "name": "heading",
          "required": true
        },
        {
          "type": "text",
          "name": "text"
        },
        {
          "type": "string",
          "name": "nameLabel",
          "required": true,
          "initialValue": "Name"
        },
        {
          "type": "string",
          "name": "namePlaceholder",
          "initialValue": "John Smith"
        },
        {
          "type": "string",
          "name": "emailLabel",
          "required": true,
          "initialValue": "Email"
        },
        {
          "type": "string",
          "name": "emailPlaceholder",
          "initialValue": "john@yourpractice.com"
        },
        {
          "type": "string",
          "name": "phoneLabel",
          "required": true,
          "initialValue": "Phone"
        },
        {
          "type": "string",
          "name": "phonePlaceholder",
          "initialValue": "(555) 555-5555"
        },
        {
          "type": "string",
          "name": "companyLabel",
          "required": true,
          "initialValue": "Company"
        },
        {
          "type": "string",
          "name": "companyPlaceholder",
          "initialValue": "Your firm or agency"
        },
        {
          "type": "boolean",
          "name": "askInterest",
          "initialValue": true
        },
        {
          "type": "string",
          "name": "interestLabel",
          "required": true,
          "initialValue": "I’m interested in"
        },
        {
          "type": "string",
          "name": "interestPlaceholder",
          "initialValue": "Select an option"
        },
        {
          "type": "string",
          "name": "messageLabel",
          "required": true,
          "initialValue": "Message"
        },
        {
          "type": "string",
          "name": "messagePlaceholder",
          "initialValue": "Tell us about your practice and your growth goals..."
        },
        {
          "type": "string",
          "name": "submitLabel",
          "required": true,
          "initialValue": "Send Message"
        },
        {
          "type": "string",
          "name": "confirmationHeading",
          "required": true,
          "initialValue": "Thank You for Reaching Out!"
        },
        {
          "type": "text",
          "name": "confirmationText",
          "initialValue": "Your message is with our team. We will get back to you within 24 hours."
        },
        {
          "type": "string",
          "name": "detailsHeading"
        },
        {
          "type": "text",
          "name": "detailsText"
        },
        {
          "type": "string",
          "name": "emailCaption"
        },
        {
          "type": "string",
          "name": "phoneCaption"
        },
        {
          "type": "string",
          "name": "responseHeading"
        },
        {
          "type": "text",
          "name": "responseText"
        },
        {
          "type": "string",
          "name": "anchor",
          "checks": [
            "anchor"
          ]
        }
      ]
    },
    "qualificationFormSection": {
      "type": "object",
      "name": "qualificationFormSection",
      "fields": [
        {
          "type": "string",
          "name": "heading",
          "required": true
        },
        {
          "type": "text",
          "name": "text"
        },
        {
          "type": "array",
          "name": "questions",
          "checks": [
            "oneWordingPerQuestion"
          ],
          "of": [
            {
              "type": "questionCopy"
            }
          ]
        },
        {
          "type": "text",
          "name": "successText"
        },
        {
          "type": "string",
          "name": "websiteLabel",
          "required": true,
          "initialValue": "Visit Our Website"
        },
        {
          "type": "string",
          "name": "phoneCaption"
        },
        {
          "type": "string",
          "name": "disqualifiedHeading",
          "required": true
        },
        {
          "type": "string",
          "name": "anchor",
          "checks": [
            "anchor"
          ]
        }
      ]
    },
    "giveawayFormSection": {
      "type": "object",
      "name": "giveawayFormSection",
      "fields": [
        {
          "type": "string",
          "name": "heading",
          "required": true
        },
        {
          "type": "text",
          "name": "text"
        },
        {
          "type": "string",
          "name": "fullNameLabel",
          "required": true
        },
        {
          "type": "string",
          "name": "emailLabel",
          "required": true
        },
        {
          "type": "string",
          "name": "phoneLabel",
          "required": true
        },
        {
          "type": "string",
          "name": "companyLabel",
          "required": true
        },
        {
          "type": "string",
          "name": "titleLabel",
          "required": true
        },
        {
          "type": "text",
          "name": "optInLabel",
          "required": true
        },
        {
          "type": "string",
          "name": "submitLabel",
          "required": true
        },
        {
          "type": "string",
          "name": "confirmationHeading",
          "required": true
        },
        {
          "type": "text",
          "name": "confirmationText"
        },
        {
          "type": "string",
          "name": "endedHeading",
          "required": true,
          "initialValue": "This giveaway has ended"
        },
        {
          "type": "text",
          "name": "endedText"
        },
        {
          "type": "string",
          "name": "anchor",
          "checks": [
            "anchor"
          ]
        }
      ]
    },
    "newsletterSection": {
      "type": "object",
      "name": "newsletterSection",
      "fields": [
        {
          "type": "string",
          "name": "heading",
          "required": true
        },
        {
          "type": "text",
          "name": "text"
        },
        {
          "type": "string",
          "name": "emailLabel",
          "required": true
        },
        {
          "type": "string",
          "name": "emailPlaceholder"
        },
        {
          "type": "string",
          "name": "submitLabel",
          "required": true,
          "initialValue": "Subscribe"
        },
        {
          "type": "string",
          "name": "note"
        },
        {
          "type": "string",
          "name": "anchor",
          "checks": [
            "anchor"
          ]
        }
      ]
    },
    "resourceGridSection": {
      "type": "object",
      "name": "resourceGridSection",
      "fields": [
        {
          "type": "string",
          "name": "eyebrow"
        },
        {
          "type": "string",
          "name": "heading",
          "required": true
        },
        {
          "type": "text",
          "name": "intro"
        },
        {
          "type": "string",
          "name": "featuredLabel"
        },
        {
          "type": "reference",
          "name": "featured",
          "to": [
            "resource"
          ]
        },
        {
          "type": "array",
          "name": "resources",
          "required": true,
          "min": 1,
          "of": [
            {
              "type": "reference",
              "to": [
                "resource"
              ]
            }
          ]
        },
        {
          "type": "string",
          "name": "readMoreLabel",
          "required": true,
          "initialValue": "Read More"
        },
        {
          "type": "string",
          "name": "anchor",
          "checks": [
            "anchor"
          ]
        }
      ]
    },
    "legalDocumentSection": {
      "type": "object",
      "name": "legalDocumentSection",
      "fields": [
        {
          "type": "string",
          "name": "heading",
          "required": true
        },
        {
          "type": "text",
          "name": "intro"
        },
        {
          "type": "reference",
          "name": "document",
          "required": true,
          "to": [
            "legalEmbed"
          ]
        },
        {
          "type": "string",
          "name": "anchor",
          "checks": [
            "anchor"
          ]
        }
      ]
    },
    "disclosureSection": {
      "type": "object",
      "name": "disclosureSection",
      "fields": [
        {
          "type": "string",
          "name": "heading",
          "required": true
        },
        {
          "type": "richText",
          "name": "body",
          "required": true
        },
        {
          "type": "string",
          "name": "anchor",
          "checks": [
            "anchor"
          ]
        }
      ]
    }
  }
} as const satisfies ContentRules
