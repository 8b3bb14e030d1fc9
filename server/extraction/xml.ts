// A small streaming walk over XML text. There is deliberately no DTD support: a DOCTYPE is
// skipped whole and only the five predefined entities and character references are decoded,
// so entity-expansion bombs ("billion laughs") cost nothing but their own bytes.

export type XmlHandler = {
  open(name: string, attributes: string, selfClosing: boolean): void;
  close(name: string): void;
  text(raw: string): void;
};

const token =
  /<!--[\s\S]*?(?:-->|$)|<!\[CDATA\[([\s\S]*?)(?:\]\]>|$)|<!DOCTYPE(?:[^[>]*\[[\s\S]*?\])?[^>]*>|<\?[\s\S]*?(?:\?>|$)|<(\/?)([^\s/<>]+)([^<>]*?)(\/?)>|([^<]+)|</g;

export function walkXml(xml: string, handler: XmlHandler): void {
  token.lastIndex = 0;
  for (let match = token.exec(xml); match; match = token.exec(xml)) {
    const [, cdata, slash, name, attributes, selfClosing, text] = match;
    if (name !== undefined) {
      if (slash) handler.close(name);
      else {
        handler.open(name, attributes ?? '', selfClosing === '/');
        if (selfClosing === '/') handler.close(name);
      }
    } else if (text !== undefined) handler.text(decodeXml(text));
    else if (cdata !== undefined) handler.text(cdata);
  }
}

const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function codePoint(value: number, raw: string): string {
  return Number.isInteger(value) && value > 0 && value <= 0x10ffff && !(value >= 0xd800 && value <= 0xdfff) ? String.fromCodePoint(value) : raw;
}

/** Decodes the five XML entities and numeric references; any other `&name;` stays as written. */
export function decodeXml(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(?:(amp|lt|gt|quot|apos)|#(\d{1,7})|#x([0-9a-fA-F]{1,6}));/g, (raw, name?: string, decimal?: string, hex?: string) =>
    name ? named[name]! : codePoint(decimal ? Number(decimal) : parseInt(hex!, 16), raw),
  );
}

export function attribute(attributes: string, name: string): string | undefined {
  const match = new RegExp(`(?:^|\\s)${name.replace(/[.:]/g, '\\$&')}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`).exec(attributes);
  return match ? decodeXml(match[1] ?? match[2] ?? '') : undefined;
}
