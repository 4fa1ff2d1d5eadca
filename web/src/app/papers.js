// The four papers the page implements, in the gallery's order: each with the folder of its examples,
// what it asks in one line, where its docs are (a page of app/docs.js and a heading), the paper, and
// the example to start with.
export const PAPERS = [
  {
    folder: 'intention',
    title: 'Intention',
    question:
      'What does an agent intend, and why? Intention, actual causes and instrumental goals in causal models.',
    paper:
      'Ward, MacDermott, Belardinelli, Toni, Everitt: The Reasons that Agents Act: Intention and Instrumental Goals (AAMAS 2024)',
    url: 'https://arxiv.org/abs/2402.07221',
    docs: { doc: 'analyses', anchor: 'subjective-intention-ward-et-al-2024-section-4' },
    start: 'intention/spy',
  },
  {
    folder: 'meg',
    title: 'Goal-directedness',
    question:
      'How goal-directed is a policy? Maximum entropy goal-directedness (MEG) in causal models and gridworlds.',
    paper: 'MacDermott, Fox, Belardinelli, Everitt: Measuring Goal-Directedness (NeurIPS 2024)',
    url: 'https://arxiv.org/abs/2412.04758',
    docs: { doc: 'analyses', anchor: 'goal-directedness-meg-macdermott-et-al-2024' },
    start: 'meg/cliffworld',
  },
  {
    folder: 'games',
    title: 'Mixed-motive games',
    question:
      'Why did an agent act in a game of cooperation and competition? SBUE, probable actions and SICA.',
    paper:
      'Orner, Maksimov, Kleinerman, Ortiz, Kraus: Explaining Decisions of Agents in Mixed-Motive Games (AAAI 2025)',
    url: 'https://arxiv.org/abs/2407.15255',
    docs: { doc: 'games', anchor: '' },
    start: 'games/cop',
  },
  {
    folder: 'adventures',
    title: 'Adventures',
    question: 'Do the rewards justify the means? Reward against harm in choose-your-own-adventure games.',
    paper:
      'Pan et al.: Do the Rewards Justify the Means? Measuring Trade-Offs Between Rewards and Ethical Behavior in the MACHIAVELLI Benchmark (ICML 2023)',
    url: 'https://arxiv.org/abs/2304.03279',
    docs: { doc: 'adventures', anchor: '' },
    start: 'adventures/heist',
  },
];

export const paperOfFolder = (folder) => PAPERS.find((p) => p.folder === folder) || null;
