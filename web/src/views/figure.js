// A plot in a figure: its caption and its export buttons (SVG and PNG from the plot's standalone SVG
// text, and CSV when the plot's data has one). Every exported figure of the page is made here.
import { el } from './dom.js';
import { downloadSvgText, downloadSvgAsPng, downloadText } from './export.js';
import { linePlot, themePlotPalette, plotSvgText } from './plots.js';

function exportButton(label, onClick) {
  return el('button', { type: 'button', class: 'small', onClick }, label);
}

// plot: the node shown; svgText(): the plot as a standalone SVG text; width, height: its size for the
// PNG; csv(): the plotted data as CSV, or none; basename: the files' name without extension.
export function exportedFigure(plot, { caption = '', basename, svgText, width, height, csv, dataset }) {
  return el(
    'figure',
    { class: 'plot-figure', dataset },
    plot,
    el(
      'figcaption',
      null,
      el('span', { class: 'plot-caption' }, caption),
      el(
        'span',
        { class: 'plot-actions' },
        exportButton('SVG', () => downloadSvgText(`${basename}.svg`, svgText())),
        exportButton('PNG', () => downloadSvgAsPng(`${basename}.png`, svgText(), width, height)),
        csv && exportButton('CSV', () => downloadText(`${basename}.csv`, csv(), 'text/csv')),
      ),
    ),
  );
}

// A line plot (plots.js's spec) in a figure, its caption the spec's, its files `basename`.*.
export function linePlotFigure(spec, basename, csv) {
  const plot = linePlot(spec, themePlotPalette());
  return exportedFigure(plot, {
    caption: spec.caption,
    basename,
    svgText: () => plotSvgText(spec),
    width: Number(plot.getAttribute('width')),
    height: Number(plot.getAttribute('height')),
    csv,
    dataset: { plot: spec.id },
  });
}
