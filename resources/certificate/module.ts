import { defineModule } from '../../src/shared/resource.js';

/** Certificates the office issues: the transfer certificate (spec 3's /certificate/transfer, made to work). */
export default defineModule({ key: 'certificate', title: 'Certificates', icon: 'SafetyCertificateOutlined', link: '/certificate/transfer', order: 67, can_disable: true });
