// Demo help articles (/ajuda): the operator's help is platform-owned, written on the system handle
// once, when there is none.
import { count } from 'drizzle-orm';
import type { Platform } from '../platform/platform.js';
import { helps } from '../platform/db/schema.js';
import { unsafeSystemDb } from '../platform/db/tenant-scope.js';

const ARTICLES = [
  {
    title: 'Primeiros passos no atendimento',
    description:
      'Em Atendimento, a aba Aguardando mostra os tickets que ainda não têm atendente. Abra um ticket e clique em Iniciar atendimento: ele passa para a aba Abertos, em seu nome.\n\nPara encerrar, use Resolver; se o canal pede avaliação, o cliente recebe a pergunta de 1 a 5.',
  },
  {
    title: 'Transferir um ticket para outra fila ou atendente',
    description:
      'No ticket aberto, clique em Transferir, escolha a fila e, se quiser, o atendente. O histórico do ticket registra quem transferiu e para quem.',
  },
  {
    title: 'Conectar o WhatsApp',
    description:
      'Em Conexões, crie uma conexão do tipo WhatsApp e leia o QR code com o celular da empresa (Aparelhos conectados). Para a API oficial, informe o token e o número do WhatsApp Business.',
  },
  {
    title: 'Relatórios e exportação',
    description:
      'Em Relatórios, escolha o relatório, os filtros e clique em Gerar. Os botões Exportar CSV e Exportar XLSX baixam todo o resultado; Imprimir gera o PDF pelo navegador.',
  },
];

export async function ensureDemoHelps(platform: Platform): Promise<void> {
  const db = unsafeSystemDb(platform.db);
  const [row] = await db.select({ n: count() }).from(helps);
  if (Number(row?.n ?? 0) > 0) return;
  await db.insert(helps).values(ARTICLES.map((a, i) => ({ ...a, position: i + 1 })));
}
