// Script-tag entry with the element: the global `svc` plus <svc-card-form> registered once.
import './svc.js';
import '../element/define.js';
