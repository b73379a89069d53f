/** Scrolls an element into view, smoothly unless the visitor asked the system for reduced motion. */
export function scrollIntoViewGently(element: Element, block: ScrollLogicalPosition): void {
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  element.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block });
}
