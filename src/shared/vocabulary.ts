/**
 * The annotation vocabulary: every `x-` keyword a schema in `schemas/` may use, with its meaning.
 * Ajv declares exactly these (strict mode rejects anything else), the generator carries the ones
 * the types need into doc comments, and the registry reads them. Nothing else invents keywords.
 */

/** A permission a role can grant. `admin` and `superuser` hold all of them. */
export const PERMISSIONS = ['manage:cms', 'manage:files', 'manage:payment', 'manage:backend'] as const;
export type Permission = (typeof PERMISSIONS)[number];

/**
 * Who may perform an action on a model: a permission, `public` (anyone, also anonymous),
 * `authenticated` (any logged-in user) or `nobody` (only the server itself, e.g. contact requests
 * are created through a public form endpoint, never through the generic document API).
 */
export type Access = Permission | 'public' | 'authenticated' | 'nobody';

/** Roles that hold every permission and bypass `_read`/`_write` lists. */
export const ALMIGHTY_ROLES = ['admin', 'superuser'] as const;
/** The role every caller holds, logged in or not; a `_read` list containing it is public. */
export const GUEST_ROLE = 'guest';

export const CURRENCIES = ['EUR', 'CHF'] as const;
export type Currency = (typeof CURRENCIES)[number];

/**
 * The icons a schema may name (`x-admin.nav.icon`, a link's or an action's `icon`): lucide-react names the
 * admin bundles one by one (src/admin/core/nav/icons.ts maps each to its component; the type keeps the two
 * lists equal). Ajv refuses any other name, so a schema cannot ask for an icon the rail would not show.
 * Another lucide icon is one line here and one import there.
 */
export const ICON_NAMES = [
  'Activity',
  'ArrowLeftRight',
  'Blocks',
  'Boxes',
  'Building2',
  'ClipboardList',
  'FileText',
  'Folder',
  'Handshake',
  'House',
  'Images',
  'Inbox',
  'LayoutGrid',
  'LayoutTemplate',
  'ListTodo',
  'Mail',
  'Receipt',
  'ReceiptText',
  'Server',
  'ShieldCheck',
  'Signpost',
  'Store',
  'Timer',
  'Users',
  'Wallet',
  'Wrench',
] as const;
export type IconName = (typeof ICON_NAMES)[number];

/** Widget hints for the admin's form renderer (react-jsonschema-form theme). */
export const WIDGETS = [
  'text',
  'textarea',
  'password',
  'json',
  'html',
  'richtext',
  'color',
  'date',
  'datetime',
  'time',
  'image',
  'file',
  'folder',
  'cssSize',
  'link',
  'icon',
  'hidden',
] as const;
export type Widget = (typeof WIDGETS)[number];

/**
 * Display rules for values in admin lists and read-only views, when the type alone does not say how
 * to show them. `invoiceStatus`: the status of an invoice, coloured from its status and date
 * (overdue red, pending yellow, paid green; src/shared/rules/invoiceStatus.ts). `paymentReference`: a QR or RF
 * payment reference grouped in blocks as the QR-bill prints it (src/shared/format/paymentReference.ts).
 */
export const DISPLAYS = ['invoiceStatus', 'paymentReference'] as const;
export type Display = (typeof DISPLAYS)[number];

export const ELEMENT_CATEGORIES = ['text', 'media', 'layout', 'navigation', 'special', 'menu', '3d'] as const;
export type ElementCategory = (typeof ELEMENT_CATEGORIES)[number];

/** A relation from a field (an id string, or an array of id strings) to documents of another model. */
export interface RelationAnnotation {
  /** Model name of the target, e.g. `client`. */
  model: string;
  /** Fields of the target copied into the answer when the caller asks to populate this field. */
  populate: string[];
  /** Field of the target shown to people (select options, list cells). Defaults to the first populate field. */
  label?: string;
  /** Field of the target that the stored value equals (default `_id`); user roles store role names. */
  key?: string;
  /**
   * Only documents whose fields equal these values may be chosen (`{ direction: 'incoming' }`): selects
   * offer only those, and the server refuses a write that sets a key of another one.
   */
  where?: Record<string, string | number | boolean>;
  /** Fields of the target shown after the label in select options, to tell documents with one label apart. */
  details?: string[];
  /**
   * Whoever may read this field sees the label of the related document, even without the permission to
   * read the target model (an accountant sees who worked on an invoice line): only the label, nothing else.
   */
  shareLabel?: boolean;
  /**
   * The relation places documents in a tree of their own model (a page's parent page): a document may not be
   * its own ancestor, so selects leave out the document itself and everything below it, and the server refuses
   * a write that would close a loop. Only on a top-level relation to one document of the model itself, by `_id`.
   */
  tree?: boolean;
}

/**
 * The other half of a two-way link (`x-inverse` on an `x-relation` to one document): the field of the
 * target model that names this document back. A string is the field's name; the object form says more.
 */
export type InverseAnnotation = string | { field: string; shared?: boolean };

/** A field computed by the server on every write; clients cannot set it. */
export interface ComputedAnnotation {
  /** `sumOfProducts`: sum over `array` of the product of `fields` (invoice total = sum of price * count). */
  op: 'sumOfProducts';
  array: string;
  fields: string[];
}

/** Per-action access of a model. A plain string sets every action. */
export interface ModelPermission {
  read?: Access;
  create?: Access;
  update?: Access;
  delete?: Access;
}

/** Navigation entry of a model in the admin. */
export interface NavAnnotation {
  /** Label of the link; defaults to the plural of the model's title. */
  label?: string;
  /** One of ICON_NAMES (lucide-react names), e.g. `Users`. */
  icon?: IconName;
  /** Module group the link also appears in (spec: CMS, Payment, Kassen). */
  group?: string;
  /** Sort key among links; lower comes first. */
  order?: number;
}

/** Admin behaviour of a model that is not a property of one field. */
export interface AdminAnnotation {
  /** Show the 'Add {Model}' and NEW buttons (default true). */
  create?: boolean;
  /** The navigation link; `false` hides the model from the navigation (it keeps its routes). */
  nav?: NavAnnotation | false;
  /** Sort of the list before the user picks one, e.g. `{ "date": -1 }`. */
  defaultSort?: Record<string, 1 | -1>;
  /** The generic list and edit screens are replaced by a hand-written screen at this admin path. */
  customScreen?: string;
  /** Files the API renders from a document (e.g. an invoice's PDF), offered in its list row and edit page. */
  links?: LinkAnnotation[];
  /** Hand-written admin actions offered on the model's list or edit page (e.g. 'Create invoice' on a client). */
  actions?: ActionAnnotation[];
  /** Report panels under the form of a saved document's edit page (e.g. a client's tracked time). */
  panels?: PanelAnnotation[];
}

/**
 * One part of a document's title (`x-title`): a text with `{field}` placeholders (a dotted path reaches into an
 * object field: `{data.email}`; `{field:date}` shows a date-time as its date), or alternatives of which the first
 * with a value is taken.
 */
export type TitlePart = string | string[];

/** The admin actions a schema may name; the admin has a dialog for each (a typed registry). */
export const ADMIN_ACTIONS = ['invoiceFromTime', 'bankStatement', 'invoiceFromOffer'] as const;
export type AdminActionName = (typeof ADMIN_ACTIONS)[number];

/**
 * A button in the page header of the model's list (`on: list`) or edit page (`on: edit`, for a saved
 * document) that opens the action's dialog; hidden without `permission` (the server checks again).
 */
export interface ActionAnnotation {
  action: AdminActionName;
  label: string;
  on: 'list' | 'edit';
  /** One of ICON_NAMES. */
  icon?: IconName;
  permission?: Access;
}

/** The report panels a schema may name; the admin has a component for each (a typed registry). */
export const ADMIN_PANELS = ['clientTrackedTime'] as const;
export type AdminPanelName = (typeof ADMIN_PANELS)[number];

/**
 * A panel under the form of a saved document's edit page that shows a report about it (`clientTrackedTime`:
 * the client's tracked hours per month); hidden without `permission` (the server checks again).
 */
export interface PanelAnnotation {
  panel: AdminPanelName;
  permission?: Access;
}

/**
 * A file the API renders from one document. The admin fetches `href` with the login token and
 * opens the answer in a new tab (or shows the API's error message); `{field}` is replaced by that
 * field of the document, URL-encoded.
 */
export interface LinkAnnotation {
  label: string;
  /** An API path with placeholders, e.g. `/api/payment/invoice?id={_id}`. */
  href: string;
  /** One of ICON_NAMES (default `FileText`). */
  icon?: IconName;
}

interface KeywordDoc {
  /** Where the keyword may appear. */
  on: 'model' | 'element' | 'property' | 'model-or-property';
  /** JSON Schema of the keyword's value (Ajv validates annotations too). */
  schema: object;
  meaning: string;
}

const iconSchema = { enum: [...ICON_NAMES] };
const accessSchema = { enum: [...PERMISSIONS, 'public', 'authenticated', 'nobody'] };

/** Every keyword, its value schema and its meaning. Ajv registers these; tests check schemas use nothing else. */
export const VOCABULARY = {
  'x-plural': {
    on: 'model',
    schema: { type: 'string', pattern: '^[a-z][A-Za-z0-9]*$' },
    meaning:
      'Plural of the model name when the rule (append s, final y becomes ies) does not fit. Used in routes and labels.',
  },
  'x-permission': {
    on: 'model',
    schema: {
      anyOf: [
        accessSchema,
        {
          type: 'object',
          additionalProperties: false,
          properties: { read: accessSchema, create: accessSchema, update: accessSchema, delete: accessSchema },
        },
      ],
    },
    meaning: 'Access needed per action (read, create, update, delete); a string sets all four.',
  },
  'x-acl': {
    on: 'model',
    schema: { type: 'boolean' },
    meaning:
      'Documents carry `_read` and `_write` role lists; every read and write is filtered by them (admin and superuser bypass).',
  },
  'x-owner': {
    on: 'model',
    schema: { type: 'string' },
    meaning:
      'Field holding the id of the user who owns the document (`_id` for users themselves). The owner may read and update it without the model permission. The owner field itself is never writable by a caller who only owns the document (without the update permission of the model): an owner cannot hand their document to someone else.',
  },
  'x-createdBy': {
    on: 'model',
    schema: { type: 'string' },
    meaning:
      'Field a new document gets the id of the user who creates it, when the caller names nobody (the user of a tracked time). Unlike `x-owner` it grants nothing: reading and writing need the model permission.',
  },
  'x-ownerWritable': {
    on: 'property',
    schema: { type: 'boolean' },
    meaning: 'false: the owner may not write this field of their own document (a user never writes their own roles).',
  },
  'x-roles': {
    on: 'property',
    schema: { type: 'array', items: { type: 'string' }, minItems: 1 },
    meaning:
      'Only callers holding one of these roles may see or write the field (e.g. `_read`/`_write` of files: admin, superuser).',
  },
  'x-readPermission': {
    on: 'property',
    schema: accessSchema,
    meaning:
      "On a top-level property: seeing the field needs this permission besides the model's read permission (the site configuration's billing needs a login: the rest of it is public, the IBAN and VAT number are not). Answers, realtime pushes and populated documents leave it out for callers without it, the schema served to them has no such field (forms neither show nor send it, and a save keeps the stored value), filtering, sorting or searching by it is refused as for an unknown field, and writing it needs the permission too.",
  },
  'x-writePermission': {
    on: 'property',
    schema: accessSchema,
    meaning:
      "On a top-level property: writing the field needs this permission besides the model's own (the site configuration's billing, which puts the IBAN on every invoice, needs manage:payment although manage:cms updates the rest). Everyone who reads the document reads the field; the schema served to a caller without the permission marks it `readOnly`, so forms show it locked and leave it out of a save, and a write that changes it anyway is refused with 403 naming the field. `x-readPermission` limits who sees it.",
  },
  'x-secret': {
    on: 'property',
    schema: { const: 'argon2id' },
    meaning:
      'Write-only secret stored as a hash with the named algorithm; never returned, never queried, sorted or searched. An update that leaves it out (or sends it empty) keeps the stored one, so `required` on a secret asks for it when the document is created (a user needs a password), not on updates: a document stored without one (older data) stays editable, and a user without a password cannot log in until one is set. Answers say only whether it is set (`_secretsSet`, src/shared/api/documents.ts), to callers who may see the field (`x-roles`); only callers who may write the field set it.',
  },
  'x-relation': {
    on: 'property',
    schema: {
      type: 'object',
      required: ['model', 'populate'],
      additionalProperties: false,
      properties: {
        model: { type: 'string' },
        populate: { type: 'array', items: { type: 'string' }, minItems: 1 },
        label: { type: 'string' },
        key: { type: 'string' },
        where: {
          type: 'object',
          minProperties: 1,
          additionalProperties: { type: ['string', 'number', 'boolean'] },
        },
        details: { type: 'array', items: { type: 'string' }, minItems: 1 },
        shareLabel: { type: 'boolean' },
        tree: { type: 'boolean' },
      },
    },
    meaning:
      'The field holds the id (or, on an array, the ids) of documents of another model; `populate` lists the fields copied in when populated, `label` the one people read (default: the first populated). `where` (target field → value) limits the choice to documents with those values: selects offer only them, and a write may only set keys of matching documents. `details` lists target fields shown after the label in select options (formatted as in lists: dates, money with its currency), telling documents with the same label apart. `shareLabel: true` shows readers of the field the label of a target they may not read (only the label field, only for keys stored in documents they may read; `_read` lists and `x-roles` on the label field still hide it); without it they see the key. A write may only set keys of existing, live (and matching) documents (a 400 names the field); keys already stored stay valid when their document is deleted or changed later, except that a target keeps a `key` other than `_id` while documents refer to it by it, and is not deleted then (renaming a role users hold answers 409 at its field, deleting it 409, each naming how many refer to it and the first of them). `tree: true` (a top-level relation to one document of the model itself, by `_id`, as the parent page of a page) says the relation forms a tree: selects leave out the document itself and the documents below it, and a write that makes a document its own parent or puts it below itself is refused with a 400 naming the field.',
  },
  'x-inverse': {
    on: 'property',
    schema: {
      anyOf: [
        { type: 'string', minLength: 1 },
        {
          type: 'object',
          required: ['field'],
          additionalProperties: false,
          properties: { field: { type: 'string', minLength: 1 }, shared: { type: 'boolean' } },
        },
      ],
    },
    meaning:
      "On a top-level `x-relation` to one document (an id, not an array): the field of the target model that names this document back, itself an `x-relation` to this model whose `x-inverse` names this field (both halves declare the pair). A caller saving one side sets the other in the same transaction: the target now names this document, the target named before lets go of it if it named this one, and (one-to-one) the document the new target named before lets go of the target. `{ \"field\": …, \"shared\": true }` on the side several documents may share a target through (payments naming one invoice): the target names one of them, the first linked, and a later one leaves the target as it is. The target is linked only if this document meets the target field's `where`. Deleting a document clears every live field naming it through the pair, for the server's own deletes too; the server's own saves (imports, demo content) set both sides themselves. The other side is written with the caller's own permission to update it and its field; without it the whole write is refused with 403 and nothing is saved (or deleted). A document written on the other side is a save of it: its model's in-transaction rules run as for one saved directly (a payment linked from its invoice settles the invoice as one linked from the payment does).",
  },
  'x-computed': {
    on: 'property',
    schema: {
      type: 'object',
      required: ['op', 'array', 'fields'],
      additionalProperties: false,
      properties: {
        op: { const: 'sumOfProducts' },
        array: { type: 'string' },
        fields: { type: 'array', items: { type: 'string' }, minItems: 1 },
      },
    },
    meaning:
      'Computed by the server on every write from other fields; what clients send is ignored. On a money field (`x-currency`) each product is rounded to the cent before the sum, as documents print their lines.',
  },
  'x-sequence': {
    on: 'property',
    schema: { type: 'boolean' },
    meaning:
      'An integer the server assigns on create when absent: one more than the highest so far (invoice and offer numbers). Unique among all documents of the model, soft-deleted ones included (their number stays taken); a number set by hand that is taken answers 409.',
  },
  'x-unique': {
    on: 'property',
    schema: { anyOf: [{ type: 'boolean' }, { const: 'ignoreCase' }] },
    meaning:
      'No two live documents share the value (unique index); a duplicate answers 409. `ignoreCase`: values differing only in letter case count as the same (logins: `Admin` next to `admin` is a duplicate), and lookups by the value ignore case too.',
  },
  'x-currency': {
    on: 'property',
    schema: { enum: [...CURRENCIES] },
    meaning: 'Money amount in this currency; shown in German style with the currency suffix.',
  },
  'x-enumLabels': {
    on: 'property',
    schema: { type: 'array', items: { type: 'string' }, minItems: 1 },
    meaning: 'Labels of the `enum` values, in the same order (e.g. time multipliers 1 = Normal ... 2 = Ätzend).',
  },
  'x-prose': {
    on: 'property',
    schema: { const: false },
    meaning:
      "A text field that holds no prose although nothing else says so (a ZIP code, a slot's or a form field's name): the AI text assistant is not offered on it. Fields with a `pattern`, `format`, `enum`, `const`, `x-relation` or `x-secret`, or read-only ones, are no prose without it (src/admin/form/schema/proseText.ts).",
  },
  'x-fileUrl': {
    on: 'property',
    schema: { const: true },
    meaning:
      "An address (a site path or a full URL) that may name a file of the file store by its id, as a preset or download address does (a site configuration's favicon, `/api/files/imagePreset?id=…&preset=favicon`). Where a file is used (`GET /api/files/references`, the file browser's delete dialog) names the documents holding it there, as it names those whose `x-relation` to files holds its id (src/shared/registry/fileFields.ts).",
  },
  'x-ordered': {
    on: 'property',
    schema: { const: true },
    meaning:
      "An object whose key order matters (a form's fields): the database keeps object keys in its own order, so the server records the order a write gives the keys in the sibling `x-order` (a list of the keys) and answers the object in that order again (src/shared/registry/keyOrder.ts). One such property per object; a stored object without `x-order` keeps the database's order.",
  },
  'x-order': {
    on: 'property',
    schema: { type: 'array', items: { type: 'string' } },
    meaning:
      "Beside an `x-ordered` object: its keys in the order last written. Written by the server on every save, not by hand (a form's fields schema carries it; src/shared/registry/keyOrder.ts).",
  },
  'x-minDate': {
    on: 'property',
    schema: { anyOf: [{ const: 'today' }, { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' }] },
    meaning:
      "On a date field (`format: date`) of a public form's fields (special.form): the earliest day a visitor may give, `today` (the day of the submission in Europe/Zurich) or a YYYY-MM-DD. The form's check (in German: 'Feld {label} darf nicht in der Vergangenheit liegen') and the server's submission check refuse an earlier day; the date picker starts there (src/shared/rules/formSubmission.ts). Read by public forms only.",
  },
  'x-default': {
    on: 'property',
    schema: { const: 'today' },
    meaning:
      "A new document's first value that `default` cannot give: `today` on a date field (`format: date`) starts the admin's form for a new document at the day it is opened in Europe/Zurich (an invoice's, an offer's, a transaction's date). The person may change it before saving; the server stores what is sent and fills nothing (src/shared/rules/startValues.ts).",
  },
  'x-patternMessage': {
    on: 'property',
    schema: { type: 'string', pattern: '^(must|may) ' },
    meaning:
      "Beside every `pattern` (a schema test holds it so): what the pattern asks, in words, said instead of the regular expression wherever the value is refused (the 400 of a write, the admin form, the element form, a paste). Continues the field's label: `must be a path starting with /`.",
  },
  'x-column': {
    on: 'property',
    schema: { type: 'boolean' },
    meaning:
      'Shown as a column of the admin list, in property order; also on a property of a top-level object field (`data.email`). On a secret (`x-secret`) the column says whether it is set (the list asks for `_secretsSet`), never the secret, and only to callers the server says it to.',
  },
  'x-compact': {
    on: 'property',
    schema: { type: 'boolean' },
    meaning:
      'A column (`x-column`) a phone shows too: under 640 px a list row is a two-line card of the label field and the columns marked so, in property order; the first right-aligned one (an amount, a number) stands at the right of the first line, the others make the second. Without any, a card shows the label and the two columns after it. The desktop table shows every column.',
  },
  'x-searchable': {
    on: 'property',
    schema: { type: 'boolean' },
    meaning:
      "Part of the list search text (indexed for search); also on a property of a top-level object field. On an object field of free keys (a form submission's data) its JSON text is searched, keys included.",
  },
  'x-filterable': {
    on: 'property',
    schema: { type: 'boolean' },
    meaning: 'Offered as a filter dropdown of the list; the API answers the distinct values (indexed).',
  },
  'x-sortable': {
    on: 'property',
    schema: { type: 'boolean' },
    meaning:
      "The list can be sorted by it (indexed). Text for people (no `format`, enum or relation) sorts as people read it: umlauts and lower case among their letters, numbers as numbers ('Abo 9' before 'Abo 10'); dates, codes and ids by their characters.",
  },
  'x-help': {
    on: 'property',
    schema: { type: 'string', minLength: 1 },
    meaning:
      "What the admin's form says under the field instead of its `description`, which stays the value's documentation for developers and the API docs (rich text: the description spells the stored format, the form's help says how the editor formats). On a value type it holds wherever a property refers to it without a description of its own.",
  },
  'x-widget': {
    on: 'property',
    schema: { enum: [...WIDGETS] },
    meaning: 'Which admin form widget edits the field when its type alone does not say it.',
  },
  'x-display': {
    on: 'property',
    schema: { enum: [...DISPLAYS] },
    meaning:
      'How the admin shows the value in lists (a display rule that may read other fields of the document), e.g. `invoiceStatus`: overdue red, pending yellow, paid green; `paymentReference`: grouped in blocks as the QR-bill prints it (lists and read-only fields).',
  },
  'x-labelField': {
    on: 'model',
    schema: { type: 'string' },
    meaning:
      'Field that names a document in selects, titles and relation cells (default `name`, else `id`, else the first required text without format, enum or relation, else `_id`).',
  },
  'x-title': {
    on: 'model',
    schema: {
      type: 'array',
      minItems: 1,
      items: {
        anyOf: [
          { type: 'string', pattern: '\\{[^{}]+\\}' },
          { type: 'array', minItems: 1, items: { type: 'string', pattern: '\\{[^{}]+\\}' } },
        ],
      },
    },
    meaning:
      'How the admin titles a document (edit page header, delete dialog) when one field does not name it: parts joined by ` · `, each a text with `{field}` placeholders (`{data.email}` reaches into an object field; `{field:date}` shows a date-time as its date; values formatted as lists show them), or a list of such texts of which the first with a value is taken. A part whose placeholders are all empty is left out. Without it, the label field titles the document.',
  },
  'x-admin': {
    on: 'model',
    schema: {
      type: 'object',
      additionalProperties: false,
      properties: {
        create: { type: 'boolean' },
        nav: {
          anyOf: [
            { const: false },
            {
              type: 'object',
              additionalProperties: false,
              properties: {
                label: { type: 'string' },
                icon: iconSchema,
                group: { type: 'string' },
                order: { type: 'number' },
              },
            },
          ],
        },
        defaultSort: { type: 'object', additionalProperties: { enum: [1, -1] } },
        customScreen: { type: 'string' },
        links: {
          type: 'array',
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['label', 'href'],
            properties: {
              label: { type: 'string', minLength: 1 },
              href: { type: 'string', pattern: '^/api/' },
              icon: iconSchema,
            },
          },
        },
        actions: {
          type: 'array',
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['action', 'label', 'on'],
            properties: {
              action: { enum: [...ADMIN_ACTIONS] },
              label: { type: 'string', minLength: 1 },
              on: { enum: ['list', 'edit'] },
              icon: iconSchema,
              permission: accessSchema,
            },
          },
        },
        panels: {
          type: 'array',
          items: {
            type: 'object',
            additionalProperties: false,
            required: ['panel'],
            properties: {
              panel: { enum: [...ADMIN_PANELS] },
              permission: accessSchema,
            },
          },
        },
      },
    },
    meaning:
      "Admin behaviour of the model: add button, navigation entry, default sort, hand-written screen, file links (e.g. the PDF of an invoice), actions (e.g. Create invoice on a client), report panels under the edit form (e.g. a client's tracked time).",
  },
  'x-tag': {
    on: 'element',
    schema: { type: 'string', pattern: '^[a-z0-9][A-Za-z0-9]*(\\.[a-zA-Z0-9]+)*$' },
    meaning: 'The element tag stored in page JSON (e.g. `menu.basic`, `3d.gaussianViewer`).',
  },
  'x-category': {
    on: 'element',
    schema: { enum: [...ELEMENT_CATEGORIES] },
    meaning: 'Group of the element in the element picker and Storybook.',
  },
  'x-slots': {
    on: 'element',
    schema: { type: 'array', items: { type: 'string' } },
    meaning: 'Props that hold nested elements (rendered as children), e.g. `children`.',
  },
  'x-ownLayout': {
    on: 'element',
    schema: { type: 'boolean' },
    meaning:
      "The element lays itself out at a page's top level: it spans the page's width with its own content width and spacing (section, hero, navigation, footer), or has no content to line up (anchor, spacer). Any other element placed directly on a page is put in the page's content container (a section's width, side padding and spacing).",
  },
} as const satisfies Record<`x-${string}`, KeywordDoc>;

export type Keyword = keyof typeof VOCABULARY;
export const KEYWORDS = Object.keys(VOCABULARY) as Keyword[];
