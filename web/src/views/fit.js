// Charts that grow with their card: an SVG drawn at its own size (its width and height attributes,
// with a viewBox) is shown as wide as its card allows, up to var(--chart-scale) times that size (1.5;
// more with "A+" and in presentation mode, so the text inside charts grows with the page's), and
// shrinks to fit a narrow card rather than making it scroll. Small icons are left as they are.
const MIN_CHART_WIDTH = 120;

export function fitCharts(root) {
  for (const svg of root.querySelectorAll('svg[viewBox][width]')) {
    if (svg.closest('.no-fit')) continue;
    const width = Number(svg.getAttribute('width'));
    if (!(width >= MIN_CHART_WIDTH)) continue;
    svg.classList.add('fit-chart');
    svg.style.setProperty('--w', `${width}px`);
  }
}
