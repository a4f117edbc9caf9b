/**
 * Demo only: the conversations the demo companies' last month is made of (demo-history.ts). A small
 * set of scripts per company, recombined with varied openings, greetings and farewells and filled
 * with the customer's and the agent's names, so the desk reads like a real month, not lorem ipsum.
 * Placeholders: {cliente} (customer's first name), {agente} (agent's first name), {fila} (queue),
 * {empresa}, {dia} (a weekday), {hora} (an hour).
 */

/** c: the customer writes; a: the agent answers. */
export type Turn = readonly ['c' | 'a', string];

export interface Script {
  /** The queue the conversation starts in (a queue of the company, by name). */
  queue: string;
  turns: readonly Turn[];
  /** After this many turns the ticket is transferred to `to` (another queue of the company). */
  transfer?: { after: number; to: string };
  /** An internal note an agent may leave on it. */
  note?: string;
}

export interface CompanyScripts {
  openings: readonly string[];
  greetings: readonly string[];
  farewells: readonly Turn[][];
  scripts: readonly Script[];
  /** Last names of the customers (first names are shared). */
  lastNames: readonly string[];
  /** Area code of the customers' phone numbers. */
  areaCode: string;
}

export const FIRST_NAMES =
  'Mariana João Fernanda Lucas Juliana Rafael Patrícia Gustavo Camila Thiago Aline Rodrigo Beatriz Felipe Larissa Marcelo Renata André Vanessa Paulo Gabriela Eduardo Tatiane Leonardo Carolina Vinícius Priscila Ricardo Letícia Sérgio Natália Márcio Débora Fábio Simone Henrique Cristina Otávio Luana Roberto'.split(
    ' ',
  );

export const RATING_QUESTION = 'Como você avalia o nosso atendimento? Responda com uma nota de 1 a 5.';
export const RATING_THANKS = 'Obrigado pela sua avaliação! 😊';

export const PADARIA: CompanyScripts = {
  areaCode: '11',
  lastNames: 'Silva Santos Oliveira Pereira Costa Rodrigues Almeida Ferreira Gomes Ribeiro Carvalho Martins'.split(' '),
  openings: ['Olá, tudo bem?', 'Oi!', 'Oi, tudo bom?', 'Olá', 'Oi, pessoal da padaria!'],
  greetings: [
    'Olá, {cliente}! Aqui é {agente}, da {empresa}. Em que posso ajudar?',
    'Oi, {cliente}, tudo ótimo por aqui! Sou {agente}. Como posso ajudar?',
    'Oi, {cliente}! {agente} falando. Pode dizer!',
  ],
  farewells: [
    [
      ['c', 'Perfeito, valeu!'],
      ['a', 'Nós que agradecemos, {cliente}! Tenha um ótimo dia.'],
    ],
    [
      ['c', 'Combinado, valeu!'],
      ['a', 'Até mais, {cliente}! Qualquer coisa é só chamar.'],
    ],
    [
      ['c', 'Agradeço a atenção'],
      ['a', 'Por nada! A {empresa} agradece o contato.'],
    ],
  ],
  scripts: [
    {
      queue: 'Encomendas',
      turns: [
        ['c', 'Queria encomendar um bolo de aniversário para {dia}. Vocês fazem de brigadeiro?'],
        ['a', 'Fazemos sim! Temos de 1 kg (serve 10 pessoas) e de 2 kg (serve 20). Qual tamanho você prefere?'],
        ['c', 'O de 2 kg. Dá para escrever "Parabéns, Vó Lurdes"?'],
        [
          'a',
          'Dá sim, a escrita é por nossa conta. O de 2 kg fica R$ 140,00. Retirada na loja a partir das {hora}, pode ser?',
        ],
        ['c', 'Pode, passo lá depois do trabalho.'],
        ['a', 'Anotado! Encomenda confirmada para {dia}. Pedimos um sinal de 50% por Pix, a chave é o CNPJ da loja.'],
      ],
      note: 'Bolo 2 kg brigadeiro, escrita "Parabéns, Vó Lurdes". Sinal pago por Pix.',
    },
    {
      queue: 'Vendas',
      turns: [
        ['c', 'Vocês entregam pão de queijo congelado? Queria 2 kg.'],
        ['a', 'Entregamos sim! O quilo do pão de queijo congelado sai a R$ 38,00. Qual é o seu bairro?'],
        ['c', 'Moro na Vila Mariana.'],
        ['a', 'Atendemos a Vila Mariana, a taxa de entrega é R$ 7,00. Pode ser hoje às {hora}?'],
        ['c', 'Pode sim. Pago no cartão na entrega.'],
        ['a', 'Pedido registrado: 2 kg de pão de queijo, entrega hoje às {hora}, pagamento no cartão.'],
      ],
    },
    {
      queue: 'Vendas',
      turns: [
        ['c', 'Até que horas vocês ficam abertos no domingo?'],
        ['a', 'No domingo abrimos das 7h às 13h. De segunda a sábado, das 6h às 20h.'],
        ['c', 'E tem pão francês quentinho no fim da manhã?'],
        ['a', 'Tem sim, a última fornada sai às 11h30.'],
      ],
    },
    {
      queue: 'Encomendas',
      turns: [
        ['c', 'Preciso de salgadinhos para uma festa de 40 pessoas no sábado. Como funciona?'],
        [
          'a',
          'Temos o cento de salgados sortidos (coxinha, risole, bolinha de queijo e esfiha) a R$ 65,00. Para 40 pessoas sugerimos 4 centos.',
        ],
        ['c', 'Pode ser 4 centos. Vocês fritam ou vem para fritar?'],
        ['a', 'Entregamos fritos e embalados em caixas térmicas. Prefere retirar ou que a gente entregue?'],
        ['c', 'Entrega, por favor. Rua das Acácias, 120.'],
        ['a', 'Certo! Entrega no sábado às {hora}. Vou mandar o orçamento certinho com a taxa.'],
      ],
      note: 'Festa 40 pessoas: 4 centos sortidos, entrega sábado. Confirmar endereço na véspera.',
    },
    {
      queue: 'Vendas',
      turns: [
        ['c', 'Comprei um pão de fermentação natural ontem e veio meio queimado embaixo 😕'],
        ['a', 'Poxa, {cliente}, sinto muito! Pode mandar uma foto e o horário da compra?'],
        ['c', 'Foi por volta das 18h, já joguei fora, desculpa.'],
        ['a', 'Sem problemas. Vou deixar um pão novo separado no seu nome, é só retirar no caixa quando puder.'],
        ['c', 'Nossa, que atenção! Agradeço muito.'],
      ],
      note: 'Reclamação de pão queimado: pão de fermentação natural separado no caixa como cortesia.',
    },
    {
      queue: 'Vendas',
      turns: [
        [
          'c',
          'Tenho uma cafeteria e queria comprar pão de forma e croissant toda semana. Vocês fazem preço de atacado?',
        ],
        ['a', 'Fazemos sim! Quantas unidades por semana, mais ou menos?'],
        ['c', 'Uns 30 pães de forma e 100 croissants.'],
        ['a', 'Ótimo. Vou passar para o Financeiro montar a proposta e o cadastro.'],
        [
          'a',
          'Já fiz o seu cadastro de atacado. Croissant a R$ 3,20 e pão de forma a R$ 9,50, com boleto para 14 dias.',
        ],
        ['c', 'Fechado! Pode mandar o boleto para o e-mail da cafeteria.'],
      ],
      transfer: { after: 4, to: 'Financeiro' },
      note: 'Cliente atacado (cafeteria): 30 pães de forma e 100 croissants por semana, boleto 14 dias.',
    },
    {
      queue: 'Vendas',
      turns: [
        ['c', 'Vocês emitem nota fiscal com CNPJ? Preciso para reembolso da empresa.'],
        ['a', 'Emitimos sim. Vou transferir para o Financeiro, que cuida das notas.'],
        ['a', 'Oi! Me passa o CNPJ, a razão social e o valor da compra, por favor.'],
        ['c', 'CNPJ 12.345.678/0001-90, Studio Criativo Ltda, compra de R$ 86,40 hoje de manhã.'],
        ['a', 'Nota emitida e enviada para o e-mail cadastrado no CNPJ.'],
      ],
      transfer: { after: 2, to: 'Financeiro' },
    },
    {
      queue: 'Encomendas',
      turns: [
        ['c', 'Queria uma cesta de café da manhã para entregar de surpresa no {dia}.'],
        [
          'a',
          'Que ideia boa! Temos a cesta clássica (R$ 120) e a especial com frios e espumante (R$ 210). Qual prefere?',
        ],
        ['c', 'A especial. Dá para colocar um cartão?'],
        ['a', 'Dá sim! Me manda o texto do cartão e o endereço de entrega, que entregamos entre 7h e 9h.'],
        ['c', 'Cartão: "Feliz aniversário, meu amor!". Endereço: Av. Paulista, 1500, ap 82.'],
        ['a', 'Tudo certo! Cesta especial agendada para {dia} entre 7h e 9h.'],
      ],
    },
    {
      queue: 'Financeiro',
      turns: [
        ['c', 'O Pix da minha encomenda foi cobrado duas vezes.'],
        ['a', 'Vou verificar agora, {cliente}. Pode me mandar os dois comprovantes?'],
        ['c', 'Mandei por e-mail agora.'],
        ['a', 'Confirmado, houve cobrança em dobro. O estorno de R$ 72,00 cai na sua conta até amanhã.'],
      ],
    },
  ],
};

export const CLINICA: CompanyScripts = {
  areaCode: '21',
  lastNames: 'Barbosa Araújo Cardoso Teixeira Moreira Mendes Correia Rocha Dias Nascimento Freitas Lopes'.split(' '),
  openings: ['Olá!', 'Oi, tudo bem?', 'Olá, tudo bom?', 'Oi'],
  greetings: [
    'Olá, {cliente}! Aqui é {agente}, da {empresa}. Como posso ajudar?',
    'Oi, {cliente}! Sou {agente}, da recepção. Em que posso ajudar?',
  ],
  farewells: [
    [
      ['c', 'Agradeço!'],
      ['a', 'Por nada, {cliente}! Até a consulta.'],
    ],
    [
      ['c', 'Agradeço muito a ajuda'],
      ['a', 'A {empresa} agradece! Qualquer dúvida, estamos aqui.'],
    ],
    [
      ['c', 'Ok, até mais'],
      ['a', 'Até logo, {cliente}! Cuide-se.'],
    ],
  ],
  scripts: [
    {
      queue: 'Agendamentos',
      turns: [
        ['c', 'Queria marcar uma limpeza. Tem horário na semana que vem?'],
        ['a', 'Temos sim! {dia} às {hora} ou quinta às 9h. Qual fica melhor?'],
        ['c', '{dia} às {hora} está ótimo.'],
        ['a', 'Agendado: limpeza com a Dra. Helena, {dia} às {hora}. Chegue 10 minutos antes, por favor.'],
      ],
    },
    {
      queue: 'Agendamentos',
      turns: [
        ['c', 'Preciso remarcar minha consulta de amanhã, surgiu um imprevisto no trabalho.'],
        ['a', 'Sem problemas, {cliente}. Consigo {dia} às {hora} ou sábado às 10h.'],
        ['c', 'Sábado às 10h, por favor.'],
        ['a', 'Remarcado para sábado às 10h. Já cancelei o horário de amanhã.'],
      ],
    },
    {
      queue: 'Agendamentos',
      turns: [
        ['c', 'Estou com muita dor num dente do fundo desde ontem. Vocês atendem urgência?'],
        ['a', 'Atendemos sim. Consegue vir hoje às {hora}? O Dr. Marcos tem um encaixe.'],
        ['c', 'Consigo, vou sair agora do trabalho.'],
        ['a', 'Encaixe confirmado às {hora}. Se a dor piorar, pode tomar um analgésico que você já use.'],
      ],
      note: 'Urgência: dor em molar inferior, encaixe com Dr. Marcos. Verificar necessidade de canal.',
    },
    {
      queue: 'Agendamentos',
      turns: [
        ['c', 'Quanto custa o clareamento? E quantas sessões são?'],
        [
          'a',
          'O clareamento a laser são 3 sessões e fica R$ 1.200, em até 6 vezes. Primeiro fazemos uma avaliação gratuita.',
        ],
        ['c', 'Quero marcar a avaliação então.'],
        ['a', 'Perfeito! Avaliação {dia} às {hora}, com a Dra. Helena.'],
      ],
    },
    {
      queue: 'Agendamentos',
      turns: [
        ['c', 'Meu aparelho soltou um bráquete. Preciso ir antes da manutenção do mês?'],
        ['a', 'É melhor colar logo para não atrasar o tratamento. Tem encaixe {dia} às {hora}.'],
        ['c', 'Pode marcar, por favor.'],
        ['a', 'Marcado! É rapidinho, uns 20 minutos.'],
      ],
      note: 'Paciente de ortodontia: bráquete solto, colagem antes da manutenção mensal.',
    },
    {
      queue: 'Agendamentos',
      turns: [
        ['c', 'Vocês aceitam o convênio OdontoPrev?'],
        ['a', 'Aceitamos sim, na maioria dos planos. Me manda o número da carteirinha que eu confirmo a cobertura.'],
        ['c', 'É 8877 6655 4433 2211.'],
        ['a', 'Cobertura confirmada para consulta e limpeza. Quer aproveitar e agendar?'],
        ['c', 'Quero sim, {dia} de manhã se tiver.'],
        ['a', 'Tem às 9h30. Agendado!'],
      ],
    },
    {
      queue: 'Agendamentos',
      turns: [
        ['c', 'Preciso da segunda via do boleto do tratamento, perdi o e-mail.'],
        ['a', 'Vou passar para o Financeiro, que emite os boletos.'],
        ['a', 'Olá! Segunda via emitida, vencimento dia 10. Mandei no seu e-mail e segue também o código aqui.'],
        ['c', 'Recebi, valeu! Já vou pagar.'],
      ],
      transfer: { after: 2, to: 'Financeiro' },
    },
    {
      queue: 'Financeiro',
      turns: [
        ['c', 'Queria parcelar o implante. Em quantas vezes dá?'],
        ['a', 'O implante pode ser parcelado em até 10 vezes sem juros no cartão, ou 12 no boleto.'],
        ['c', 'Boleto em 12 vezes então. Preciso assinar algo?'],
        ['a', 'Sim, o contrato fica pronto na recepção. Pode assinar no dia da próxima consulta.'],
      ],
      note: 'Implante parcelado em 12 boletos; contrato para assinar na recepção.',
    },
    {
      queue: 'Agendamentos',
      turns: [
        ['c', 'O resultado do meu raio-x panorâmico já saiu?'],
        ['a', 'Saiu sim, {cliente}. O Dr. Marcos quer conversar sobre ele; posso marcar um retorno {dia} às {hora}?'],
        ['c', 'Pode ser. É algo grave?'],
        ['a', 'Ele só quer explicar o planejamento, não precisa se preocupar. Retorno marcado!'],
      ],
    },
  ],
};

export const WEEKDAYS = ['segunda', 'terça', 'quarta', 'quinta', 'sexta', 'sábado'];
export const HOURS = ['9h', '10h', '11h', '14h', '15h', '16h', '17h'];
