/** "© <year> <company>" (spec §1); without a company name, no trailing space. */
export function copyrightLine(year: number, companyName: string): string {
  return `© ${year} ${companyName}`.trim();
}
