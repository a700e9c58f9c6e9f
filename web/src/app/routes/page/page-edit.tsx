// Placeholder until this screen lands (web part 2).
export { default } from '../pending-screen';
