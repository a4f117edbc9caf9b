import { ZFlowGraph } from '@prosa/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n';
import { faultMessage } from './fault-text';
import { fieldError, serverErrors, validateGraph } from './validation';

/** A step whose button message has one button and a line to itself. */
const graph = ZFlowGraph.parse({
  nodeList: [
    { id: 'start', type: 'start' },
    { id: 'configurations', type: 'configurations' },
    {
      id: 'welcome',
      type: 'node',
      interactions: [{ id: 'b1', type: 'ButtonsField', data: { message: 'Pick', buttons: [{ label: 'A' }, { label: 'B' }] } }],
    },
  ],
  lineList: [
    { from: 'start', to: 'welcome' },
    { from: 'welcome', to: 'welcome' },
  ],
});

const step = graph.nodeList[2]!;
if (step.type === 'node' && step.interactions[0]!.type === 'ButtonsField') step.interactions[0]!.data.buttons.pop();

afterAll(() => i18n.changeLanguage('pt'));

describe('validation shown in words, in the language on screen', () => {
  it('the buttons rule and the self-connection rule at their fields, in pt, en and es', async () => {
    const faults = validateGraph(graph);
    const buttons = fieldError(faults, 'welcome.interactions.b1.data.buttons')!;
    const line = fieldError(faults, 'lines.welcome->welcome')!;
    await i18n.changeLanguage('pt');
    expect(faultMessage(buttons)).toBe('Uma mensagem com botões precisa de 2 a 3 botões');
    expect(faultMessage(line)).toBe('Um elemento não pode se conectar a si mesmo');
    await i18n.changeLanguage('en');
    expect(faultMessage(buttons)).toBe('A button message needs 2 to 3 buttons');
    await i18n.changeLanguage('es');
    expect(faultMessage(line)).toBe('Un elemento no puede conectarse a sí mismo');
  });

  it("the server's field faults and error codes too; prose that is not a key reads as invalid value", async () => {
    await i18n.changeLanguage('en');
    const faults = serverErrors(graph, { 'flow.nodeList.2.interactions.0.data.buttons': 'validation.flowButtons' });
    expect(faultMessage(fieldError(faults, 'welcome.interactions.b1.data.buttons')!)).toBe('A button message needs 2 to 3 buttons');
    expect(faultMessage('ERR_NO_AUTO_REPLY_FOUND')).not.toBe('ERR_NO_AUTO_REPLY_FOUND');
    expect(faultMessage('Invalid input: expected number')).toBe('Invalid value');
  });
});
