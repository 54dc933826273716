import 'react-toastify/dist/ReactToastify.css';

export { ToastContainer, toast } from 'react-toastify';
