/**
 * The WebRTC guard. In Chromium no Content-Security-Policy directive, sandbox flag or permissions policy
 * governs WebRTC: a page with `connect-src 'none'` can still send STUN and TURN datagrams, and look up names,
 * through `RTCPeerConnection`. So the preview takes WebRTC away, in its own document and in every document that
 * document can make. `guardWebRtc()` runs in a realm before any code of the page does, and then:
 *
 * - replaces every `RTC*` interface (and `webkitRTCPeerConnection`) with a function that throws. The originals
 *   are then nowhere in the realm: deleting or redefining the replacements gives nothing back;
 * - makes itself the first script of every `<iframe srcdoc>`. A frame the page makes gets an opaque origin of
 *   its own (Chromium gives every document in a sandboxed frame a new one), so the page cannot reach into it and
 *   the guard cannot either: the `srcdoc` text is the only way in. It is rewritten from a MutationObserver, which
 *   runs before the frame's first navigation can commit; the rewrite starts a navigation that replaces it. The
 *   guard's source is its own text, so the frame's frames are guarded the same way, at any depth;
 * - keeps every shadow root in that observer's sight: `attachShadow` observes the root it makes (and is never
 *   `clonable`: a clone's root would be made out of sight); a declarative one (`<template shadowrootmode>`) is
 *   made inert in all markup given to a parser that honours it (`document.write`, `setHTMLUnsafe`, `setHTML`,
 *   `Document.parseHTMLUnsafe`, `Document.parseHTML`, the `srcdoc` text) and built again with `attachShadow`;
 *   `XSLTProcessor.transformToDocument`, whose output is parsed with them, loses its shadow roots;
 * - drops an `<iframe csp>` (a policy for the frame alone), and once the page has added a policy of its own that
 *   could refuse the guard's inline script (a `<meta>` Content-Security-Policy with a `script-src` that does not
 *   allow every inline script; frames inherit it), turns scripts off in its `srcdoc` frames (`sandbox=""`);
 * - works only with built-ins it took before the page ran (the page can replace any of them afterwards, and the
 *   guard must not read the DOM through the page's versions), and hands its markup to sinks as Trusted Types.
 *
 * This function must stay self-contained (no imports, nothing from the module around it): its source text is
 * what runs in the frames.
 */
export function guardWebRtc(): void {
  interface TrustedHtmlPolicy {
    createHTML(input: string): unknown;
  }
  type Getter = ((this: unknown) => unknown) | undefined;
  type Visit = (element: Element) => void;

  const apply = Reflect.apply;
  const define = Object.defineProperty;
  const own = Object.getOwnPropertyDescriptor;
  const blank = Object.create as (proto: null) => Record<string, unknown>;
  const text = String;
  const Ref = WeakRef;
  const { deref } = WeakRef.prototype;
  const { indexOf, slice, startsWith, toLowerCase } = String.prototype;
  const getter = (proto: object | undefined, name: string): Getter =>
    proto ? own(proto, name)?.get : undefined;
  const read = <T>(get: Getter, target: unknown): T => (get ? apply(get, target, []) : undefined) as T;
  const lower = (value: string): string => apply(toLowerCase, value, []);
  const find = (value: string, part: string, from: number): number => apply(indexOf, value, [part, from]);
  const cut = (value: string, from: number, to?: number): string => apply(slice, value, [from, to]);
  const keep = <T>(list: T[], item: T) =>
    define(list, list.length, { value: item, writable: true, enumerable: true, configurable: true });

  const { getAttributeNS, setAttributeNS, removeAttributeNS, remove } = Element.prototype;
  const { appendChild } = Node.prototype;
  // By node type. Without a prototype, so that no other type finds a method the page put on `Object.prototype`.
  const selectors = blank(null) as Record<number, ((selector: string) => NodeList) | undefined>;
  selectors[1] = Element.prototype.querySelectorAll;
  selectors[9] = Document.prototype.querySelectorAll;
  selectors[11] = DocumentFragment.prototype.querySelectorAll;
  const nodeTypeOf = getter(Node.prototype, 'nodeType');
  const parentOf = getter(Node.prototype, 'parentNode');
  const localNameOf = getter(Element.prototype, 'localName');
  const outerHtmlOf = getter(Element.prototype, 'outerHTML');
  const contentTypeOf = getter(Document.prototype, 'contentType');
  const rootElementOf = getter(Document.prototype, 'documentElement');
  const contentOf = getter(HTMLTemplateElement.prototype, 'content');
  const lengthOf = getter(NodeList.prototype, 'length');
  const typeOf = getter(MutationRecord.prototype, 'type');
  const targetOf = getter(MutationRecord.prototype, 'target');
  const addedOf = getter(MutationRecord.prototype, 'addedNodes');
  const { observe, takeRecords } = MutationObserver.prototype;
  const attachShadow = Element.prototype.attachShadow;
  const Parser = DOMParser;
  const { parseFromString } = DOMParser.prototype;
  const log = console;
  const { warn } = console;
  const home = document;

  const attr = (element: Element, name: string): string | null =>
    apply(getAttributeNS, element, [null, name]);
  const setAttr = (element: Element, name: string, value: unknown): void =>
    apply(setAttributeNS, element, [null, name, value as string]);
  const nameOf = (node: Node): string | undefined =>
    read<number>(nodeTypeOf, node) === 1 ? read<string>(localNameOf, node) : undefined;
  const select = (node: Node, selector: string): NodeList | undefined => {
    const method = selectors[read<number>(nodeTypeOf, node)];
    return method ? apply(method, node, [selector]) : undefined;
  };
  const each = (list: NodeList | undefined, visit: Visit): void => {
    const count = list ? read<number>(lengthOf, list) : 0;
    for (let i = 0; i < count; i++) {
      const node = list?.[i];
      try {
        if (node && nameOf(node) !== undefined) visit(node as Element);
      } catch {
        // One node the guard cannot handle does not stop it handling the others.
      }
    }
  };

  // Markup goes to sinks as TrustedHTML, so that a policy the page adds cannot rewrite it on the way.
  let policy: TrustedHtmlPolicy | undefined;
  const factory = (globalThis as { trustedTypes?: { createPolicy(name: string, rules: object): unknown } })
    .trustedTypes;
  for (const name of ['easel-preview', 'default']) {
    try {
      policy ??= factory?.createPolicy(name, { createHTML: (input: string) => input }) as TrustedHtmlPolicy;
    } catch {
      // A policy the page inherited forbids the name.
    }
  }
  const createHtml = policy ? Object.getPrototypeOf(policy).createHTML : undefined;
  const html = (markup: string): unknown => (createHtml ? apply(createHtml, policy, [markup]) : markup);

  // 1. WebRTC itself.
  const OFF = 'WebRTC is off in the preview: it has no network access.';
  for (const name of Object.getOwnPropertyNames(globalThis)) {
    if (!name.startsWith('RTC') && !name.startsWith('webkitRTC')) continue;
    // biome-ignore lint/complexity/useArrowFunction: `new RTCPeerConnection()` must reach the throw, so not an arrow
    const off = function () {
      throw new Error(OFF);
    };
    define(off, 'name', { value: name });
    try {
      define(globalThis, name, { value: off, writable: true, enumerable: false, configurable: true });
    } catch {
      // Not replaceable here: left as it is.
    }
  }

  // 2. Declarative shadow roots, made inert in markup and built again by the guard.
  const MODE = 'shadowrootmode';
  /**
   * The attribute once made inert: a zero-width non-joiner breaks the name (and is still a character of XML
   * names and script identifiers, so markup held in a script or a stylesheet stays valid).
   */
  const INERT = 'shadowroot\u200cmode';
  const BREAK_AT = 'shadowroot'.length;
  const BEFORE_NAME = ' \t\n\f\r/"\'>';
  const AFTER_NAME = ' \t\n\f\r/=>';
  const startsName = (markup: string, at: number) =>
    at === 0 || find(BEFORE_NAME, markup[at - 1] ?? 'x', 0) >= 0;
  const endsName = (markup: string, at: number) =>
    at === markup.length || find(AFTER_NAME, markup[at] ?? 'x', 0) >= 0;
  const asciiLower = (markup: string): string => {
    let out = '';
    for (let i = 0; i < markup.length; i++) {
      const c = markup[i] ?? '';
      out += c >= 'A' && c <= 'Z' ? lower(c) : c;
    }
    return out;
  };
  /**
   * `markup` with every `shadowrootmode` that can be an attribute name broken. A `piece` of `document.write`
   * may end in the middle of the name (the next piece, or the text after the writing script, goes on with it),
   * so a piece that ends with the start of the name is ended with the break too.
   */
  function inert(markup: string, piece: boolean): string {
    let folded = lower(markup);
    if (folded.length !== markup.length) folded = asciiLower(markup);
    let out = '';
    let from = 0;
    for (let at = find(folded, MODE, 0); at >= 0; at = find(folded, MODE, at + 1)) {
      if (!startsName(markup, at) || !endsName(markup, at + MODE.length)) continue;
      out += `${cut(markup, from, at + BREAK_AT)}\u200c`;
      from = at + BREAK_AT;
    }
    out += cut(markup, from);
    if (piece)
      for (let size = MODE.length - 1; size > 0; size--) {
        const start = markup.length - size;
        if (start >= 0 && cut(folded, start) === cut(MODE, 0, size) && startsName(markup, start))
          return `${out}\u200c`;
      }
    return out;
  }

  const observer = new MutationObserver((records) => handle(records));
  const watchedNames = ['srcdoc', 'csp', 'sandbox', 'http-equiv', 'content'];
  // Read by the browser at each `observe`, through the iteration protocol: an iterable of its own, so that
  // nothing the page puts on `Array.prototype` changes what is watched.
  const attributeFilter = {
    [Symbol.iterator]: () => {
      let i = 0;
      return {
        next: () =>
          i < watchedNames.length
            ? { done: false, value: watchedNames[i++] }
            : { done: true, value: undefined },
      };
    },
  } as unknown as string[];
  const treeOptions: MutationObserverInit = {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter,
    attributeOldValue: false,
    characterData: false,
    characterDataOldValue: false,
  };
  const roots: WeakRef<Node>[] = [];
  const watch = (root: Node) => {
    apply(observe, observer, [root, treeOptions]);
    keep(roots, new Ref(root));
  };
  const attachWatched = (host: Element, init: ShadowRootInit): ShadowRoot => {
    const root = apply(attachShadow, host, [init]) as ShadowRoot;
    watch(root);
    return root;
  };
  const SHADOW_OPTIONS = [
    'mode',
    'delegatesFocus',
    'slotAssignment',
    'serializable',
    'customElementRegistry',
  ];
  replace(Element.prototype, 'attachShadow', function attachShadow(this: Element, options: ShadowRootInit) {
    const init = blank(null);
    for (let i = 0; i < SHADOW_OPTIONS.length; i++) {
      const key = SHADOW_OPTIONS[i] ?? '';
      const value = (options as unknown as Record<string, unknown>)[key];
      if (value !== undefined) init[key] = value;
    }
    init.clonable = false;
    return attachWatched(this, init as unknown as ShadowRootInit);
  });

  /** A template the guard made inert becomes the shadow root the parser would have made of it. */
  function rebuild(template: Element): void {
    const mode = attr(template, INERT);
    const host = read<Node | null>(parentOf, template);
    if (mode === null || !host || nameOf(host) === undefined) return;
    const content = read<DocumentFragment>(contentOf, template);
    const init = blank(null);
    init.mode = lower(mode);
    init.delegatesFocus = attr(template, 'shadowrootdelegatesfocus') !== null;
    init.serializable = attr(template, 'shadowrootserializable') !== null;
    init.clonable = false;
    let root: ShadowRoot;
    try {
      root = attachWatched(host as Element, init as unknown as ShadowRootInit);
    } catch {
      return; // not a valid mode or host, or a host already: a template stays, as with the parser
    }
    apply(appendChild, root, [content]);
    apply(remove, template, []);
    rebuildWithin(root);
  }
  function rebuildWithin(node: Node): void {
    const inside = nameOf(node) === 'template' ? read<DocumentFragment>(contentOf, node) : node;
    each(select(inside, `template[${INERT}]`), rebuild);
  }

  const parseInto = (proto: object | undefined, name: string) => {
    const original = proto ? own(proto, name)?.value : undefined;
    if (typeof original !== 'function') return;
    replace(proto, name, function (this: Node, markup: unknown, options?: unknown) {
      apply(original, this, [html(inert(text(markup), false)), options]);
      rebuildWithin(this);
    });
  };
  parseInto(Element.prototype, 'setHTMLUnsafe');
  parseInto(ShadowRoot.prototype, 'setHTMLUnsafe');
  parseInto(Element.prototype, 'setHTML');
  parseInto(ShadowRoot.prototype, 'setHTML');
  for (const name of ['parseHTMLUnsafe', 'parseHTML']) {
    const original = own(Document, name)?.value;
    if (typeof original !== 'function') continue;
    replace(Document, name, function (this: unknown, markup: unknown, options?: unknown) {
      const parsed = apply(original, this, [html(inert(text(markup), false)), options]) as Document;
      rebuildWithin(parsed);
      return parsed;
    });
  }
  for (const name of ['write', 'writeln']) {
    const original = own(Document.prototype, name)?.value;
    if (typeof original !== 'function') continue;
    replace(Document.prototype, name, function (this: Document, ...pieces: unknown[]) {
      let markup = '';
      for (let i = 0; i < pieces.length; i++) markup += text(pieces[i]);
      apply(original, this, [html(inert(markup, true))]);
    });
  }
  const xslt = (globalThis as { XSLTProcessor?: { prototype: object } }).XSLTProcessor?.prototype;
  const transform = xslt ? own(xslt, 'transformToDocument')?.value : undefined;
  if (typeof transform === 'function')
    replace(xslt, 'transformToDocument', function (this: unknown, source: unknown) {
      const result = apply(transform, this, [source]) as Document | null;
      if (!result || read<string>(contentTypeOf, result) !== 'text/html') return result;
      // Parsed again from its markup, where a shadow root (even a closed one, out of sight) is not written.
      const root = read<Element | null>(rootElementOf, result);
      const markup = root ? read<string>(outerHtmlOf, root) : '';
      return apply(parseFromString, new Parser(), [html(`<!DOCTYPE html>${markup}`), 'text/html']);
    });

  // 3. Frames: the guard as their first script.
  const source = text(guardWebRtc).replace(/<(\/?script|!--)/gi, '<\\$1');
  const prefix = `<script>(${source})()</script>`;
  let scriptsOff = false;

  function guardFrame(frame: Element): void {
    const srcdoc = attr(frame, 'srcdoc');
    if (srcdoc === null) return;
    let navigate = false;
    if (attr(frame, 'csp') !== null) {
      apply(removeAttributeNS, frame, [null, 'csp']);
      navigate = true;
    }
    if (scriptsOff && attr(frame, 'sandbox') !== '') {
      setAttr(frame, 'sandbox', '');
      navigate = true;
    }
    const rest = apply(startsWith, srcdoc, [prefix]) ? cut(srcdoc, prefix.length) : srcdoc;
    const guarded = prefix + inert(rest, false);
    if (guarded === srcdoc && !navigate) return;
    try {
      setAttr(frame, 'srcdoc', html(guarded));
    } catch {
      // Refused (a policy the page added): the frame goes below.
    }
    if (attr(frame, 'srcdoc') !== guarded) apply(remove, frame, []);
  }

  /** Whether a Content-Security-Policy can refuse an inline `<script>` (the guard's, in a frame). */
  function refusesInlineScripts(value: string): boolean {
    const lists: Record<string, string[]> = blank(null) as Record<string, string[]>;
    for (let from = 0; from <= value.length; ) {
      let end = find(value, ';', from);
      if (end < 0) end = value.length;
      const words = wordsOf(cut(value, from, end));
      const name = lower(words[0] ?? '');
      if (name !== '' && lists[name] === undefined) lists[name] = words;
      from = end + 1;
    }
    const sources = lists['script-src-elem'] ?? lists['script-src'] ?? lists['default-src'];
    if (!sources) return false;
    let inline = false;
    for (let i = 1; i < sources.length; i++) {
      const source = lower(sources[i] ?? '');
      if (source === "'unsafe-inline'") inline = true;
      else if (
        source === "'strict-dynamic'" ||
        apply(startsWith, source, ["'nonce-"]) ||
        apply(startsWith, source, ["'sha"])
      )
        return true;
    }
    return !inline;
  }
  function wordsOf(value: string): string[] {
    const words: string[] = [];
    let word = '';
    for (let i = 0; i <= value.length; i++) {
      const c = value[i] ?? ' ';
      if (c === ' ' || c === '\t' || c === '\n' || c === '\f' || c === '\r') {
        if (word !== '') keep(words, word);
        word = '';
      } else word += c;
    }
    return words;
  }
  function checkPolicy(meta: Element): void {
    const equiv = attr(meta, 'http-equiv');
    const value = attr(meta, 'content');
    if (scriptsOff || equiv === null || value === null) return;
    if (find(lower(equiv), 'content-security-policy', 0) < 0 || !refusesInlineScripts(value)) return;
    scriptsOff = true;
    apply(warn, log, [
      "The page added a Content-Security-Policy that could stop the preview's WebRTC guard in the frames it makes: scripts are off in its srcdoc frames.",
    ]);
    for (let i = 0; i < roots.length; i++) {
      const root = roots[i] ? (apply(deref, roots[i], []) as Node | undefined) : undefined;
      if (root) each(select(root, 'iframe'), guardFrame);
    }
  }

  function visitAll(records: readonly MutationRecord[], tag: string, visit: Visit): void {
    for (let i = 0; i < records.length; i++) {
      const record = records[i];
      const type = record ? read<string>(typeOf, record) : undefined;
      if (type === 'attributes') {
        const target = read<Element>(targetOf, record);
        try {
          if (nameOf(target) === tag) visit(target);
        } catch {
          // As in `each`.
        }
      } else if (type === 'childList')
        each(read<NodeList>(addedOf, record), (node) => {
          if (nameOf(node) === tag) visit(node);
          each(select(node, tag), visit);
        });
    }
  }
  function handle(records: readonly MutationRecord[]): void {
    // Policies first: they decide how frames are guarded. Then shadow roots, whose building may run the page's
    // code (custom elements), so what that code did is taken in before the frames.
    visitAll(records, 'meta', checkPolicy);
    visitAll(records, 'template', (template) => {
      if (attr(template, INERT) !== null) rebuild(template);
    });
    const later = apply(takeRecords, observer, []) as MutationRecord[];
    if (later.length > 0) handle(later);
    visitAll(records, 'iframe', guardFrame);
  }
  watch(home);

  function replace(target: object | undefined, name: string, value: unknown): void {
    const descriptor = target ? own(target, name) : undefined;
    if (target && descriptor) define(target, name, { ...descriptor, value });
  }
}
