// The parts of Chart.js the reports draw with, registered once. Imported only dynamically (Chart.tsx),
// so this module and the library are a chunk of their own, and naming the parts lets the bundler
// leave the rest of the library out.
import { BarController, BarElement, CategoryScale, Chart, Filler, Legend, LinearScale, LineController, LineElement, PointElement, Tooltip } from 'chart.js';

Chart.register(BarController, BarElement, LineController, LineElement, PointElement, CategoryScale, LinearScale, Tooltip, Legend, Filler);

export { Chart };
