import { printModel } from '@admit/form-model';
import { loadTenant } from '@admit/tenant-config';
import { renderApplicationPdf } from '/work/wt-pdf/server/src/services/pdf/render.ts';
import { fullyAnsweredApplication } from '/work/wt-pdf/bench/pdf/application.ts';
async function main() {
const tenant = loadTenant('gallatin');
const { answers, context } = fullyAnsweredApplication(tenant);
const model = printModel(tenant.pages, answers, {}, context, { maskSsn: true });
const meta = { college: 'G', applicant: { name: 'Ánh Thị Nguyễn-Łukasiewicz', username: 'a' }, generatedAt: new Date() };
for (let i = 0; i < 10; i++) await renderApplicationPdf(model, meta);
const c = process.cpuUsage(); const t = performance.now();
for (let i = 0; i < 50; i++) await renderApplicationPdf(model, meta);
const u = process.cpuUsage(c);
console.log('cpu ms per render', ((u.user + u.system) / 1000 / 50).toFixed(1), 'wall', ((performance.now() - t) / 50).toFixed(1));
}
main();
