export async function espdResponsePdf(): Promise<Buffer> {
  return Buffer.from('');
}
