// Emotion inserts rules with insertRule, so <style> tags look empty in jsdom: read the sheets.

/** Every CSS rule on the page, as text. */
export const collectCssText = (doc: Document = document): string =>
  Array.from(doc.styleSheets)
    .flatMap((sheet) => Array.from(sheet.cssRules).map((rule) => rule.cssText))
    .join('\n');

/** The CSS rules that mention one of an element's classes (its emotion styles). */
export const cssRulesFor = (element: Element, doc: Document = document): string => {
  const classes = Array.from(element.classList);
  return Array.from(doc.styleSheets)
    .flatMap((sheet) => Array.from(sheet.cssRules).map((rule) => rule.cssText))
    .filter((text) => classes.some((name) => text.includes(`.${name}`)))
    .join('\n');
};
