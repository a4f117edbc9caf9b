/**
 * The scripted bots the Typebot stand-in runs, as groups of blocks the way a Typebot flow is
 * built (bubbles, then an input or the end). Answers are shaped as Typebot's chat API documents
 * them: https://docs.typebot.io/api-reference/chat/start-chat and
 * https://docs.typebot.io/api-reference/chat/continue-chat.
 */
export type Block =
  | { kind: 'text'; text: string }
  | { kind: 'image'; url: string }
  | { kind: 'audio'; url: string }
  | { kind: 'video'; url: string }
  | { kind: 'chatwoot' }
  | { kind: 'choice'; variable: string; items: string[] }
  | { kind: 'text-input'; variable: string; placeholder: string };

/** A bot: its steps in order; each ends at an input (the bot waits) or is the last one (the bot ends). */
export interface ScriptedBot {
  publicId: string;
  steps: Block[][];
}

export const DEMO_IMAGE_URL = 'https://s3.typebot.io/public/workspaces/demo/typebots/prosa-demo/blocks/welcome.png';

export const standInBots: ScriptedBot[] = [
  {
    // Greeting, an image, a choice of 2, a text input, then the end.
    publicId: 'prosa-demo',
    steps: [
      [
        { kind: 'text', text: 'Olá, {{name}}! Eu sou o bot da Padaria.' },
        { kind: 'image', url: DEMO_IMAGE_URL },
        { kind: 'text', text: 'Você quer fazer um pedido ou falar da entrega?' },
        { kind: 'choice', variable: 'topic', items: ['Pedido', 'Entrega'] },
      ],
      [
        { kind: 'text', text: 'Certo: {{topic}}. Qual o seu bairro?' },
        { kind: 'text-input', variable: 'district', placeholder: 'Digite o seu bairro...' },
      ],
      [{ kind: 'text', text: 'Obrigado! Entregamos em {{district}}. Até logo!' }],
    ],
  },
  {
    // A menu of 5: a list on WhatsApp.
    publicId: 'prosa-menu',
    steps: [
      [
        { kind: 'text', text: 'Escolha um sabor:' },
        { kind: 'choice', variable: 'flavour', items: ['Chocolate', 'Morango', 'Baunilha', 'Limão', 'Coco'] },
      ],
      [{ kind: 'text', text: 'Ótima escolha: {{flavour}}.' }],
    ],
  },
  {
    // Opens with an input and says nothing: Prosa's unknown-answer message covers the silence.
    publicId: 'prosa-silent',
    steps: [
      [{ kind: 'text-input', variable: 'question', placeholder: '' }],
      [{ kind: 'text', text: 'Recebido: {{question}}' }],
    ],
  },
  {
    // Hands the conversation to a person with Typebot's Chatwoot block.
    publicId: 'prosa-handover',
    steps: [[{ kind: 'text', text: 'Vou chamar uma pessoa da equipe.' }, { kind: 'chatwoot' }]],
  },
];
