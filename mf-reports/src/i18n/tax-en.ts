// English strings of the tax reports page, merged into the `reports` namespace when its lazy chunk loads.
import type { TaxMessages } from './tax-id';

export const taxEn: TaxMessages = {
  taxReports: {
    description: 'Yearly or monthly reports for your tax return (SPT): final tax withheld on crypto and IDX share sales, US stock and futures gains and losses, and your assets at the period’s end.',
    emptyTitle: 'No tax reports yet',
    emptyBody: 'Request a report for a year or a month. It is generated in the background and kept, so you can download it again.',
    form: {
      label: 'Request a tax report',
      period: 'Period',
      year: 'Year',
      month: 'Month',
      yearly: 'Yearly',
      monthly: 'Monthly',
      submit: 'Request report',
      failed: 'The report could not be requested',
    },
    list: {
      label: 'Your tax reports',
      loading: 'Loading tax reports',
      loadFailed: 'Tax reports could not be loaded',
      yearTitle: 'Year {{year}}',
      monthTitle: '{{month}} {{year}}',
      requestedAt: 'Requested {{time}}',
      progress: 'Generation progress',
      withheld: 'Crypto final PPh 22 withheld: {{amount}}',
      mismatches: '{{count}} sales were withheld differently from the period’s rate; see the PDF.',
      downloadPdf: 'Download PDF',
      downloadCsv: 'Download CSV',
      downloadFailed: 'The file could not be downloaded. Try again.',
      failed: 'The report could not be generated.',
      retry: 'Try again',
    },
    statuses: {
      QUEUED: 'Waiting',
      RUNNING: 'Generating',
      READY: 'Ready',
      FAILED: 'Failed',
    },
    months: {
      m1: 'January', m2: 'February', m3: 'March', m4: 'April', m5: 'May', m6: 'June',
      m7: 'July', m8: 'August', m9: 'September', m10: 'October', m11: 'November', m12: 'December',
    },
  },
};
