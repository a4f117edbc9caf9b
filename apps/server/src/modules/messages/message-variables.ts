/**
 * Message variables (SPEC §9) live in the contracts package: they are pure, and the web composer
 * fills the same ones when an agent picks a quick message.
 */
export { fillVariables, greetingFor, resolveVariables, variablesOf, type VariableContext } from '@prosa/contracts';
